import net from 'node:net';

/** True when nothing listens on 127.0.0.1:port. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the OS reports free right now (tests run several stacks side by side). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export class PortInUseError extends Error {}

/** Fails at once, with what to do, instead of letting a child hang or crash on EADDRINUSE. */
export async function assertPortsFree(ports: Array<{ name: string; port: number; envVar: string }>) {
  const busy = [];
  for (const entry of ports) if (!(await isPortFree(entry.port))) busy.push(entry);
  if (busy.length > 0) {
    const lines = busy.map(
      (b) =>
        `  port ${b.port} (${b.name}) is already in use: stop what uses it (\`lsof -i :${b.port}\`) or set ${b.envVar}=<another port>`,
    );
    throw new PortInUseError(
      `Cannot start: ${busy.length === 1 ? 'a port is' : 'ports are'} taken.\n${lines.join('\n')}`,
    );
  }
}

/** Resolves once a TCP connection to the port succeeds, or rejects after the timeout. */
export async function waitForPort(port: number, timeoutMs: number, isAlive: () => boolean = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`process for port ${port} exited before it was ready`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`nothing listened on port ${port} within ${timeoutMs} ms`);
}
