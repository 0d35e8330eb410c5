import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { planStream, type ModelTiming, type PlannedReply } from './openai-stream-plan';

export type StreamedRequest = {
  /** What the bench was doing when it came (a conversation's label): pairs requests for the prefix share. */
  label: string;
  body: Record<string, unknown>;
  /** performance.now() in this process: the request's body received, its first and its last chunk written. */
  receivedAt: number;
  firstChunkAt?: number;
  lastChunkAt?: number;
};

/**
 * An OpenAI-compatible chat completions server with a hosted model's timing, for the model_latency stage
 * (docs/decisions/185-model-latency.md): POST /v1/chat/completions with `stream: true` answers with the
 * chunks of `planStream`, each written at its planned time after the request arrived; the reply (text or
 * tool calls) and the timing come from the bench per request. Bearer auth as OpenAI checks it. It runs in
 * the bench's own process, so its timestamps and the bench's share one clock; every request body is kept.
 */
export async function startOpenAiStreamServer(options: {
  apiKey: string;
  reply: (body: Record<string, unknown>) => PlannedReply;
  timing: (body: Record<string, unknown>) => ModelTiming;
}) {
  const requests: StreamedRequest[] = [];
  let label = '';
  const openAiError = (res: http.ServerResponse, status: number, message: string, code: string | null) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { message, type: 'invalid_request_error', param: null, code } }));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const receivedAt = performance.now();
      if (req.headers.authorization !== `Bearer ${options.apiKey}`)
        return openAiError(res, 401, 'Incorrect API key provided.', 'invalid_api_key');
      if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/v1/chat/completions')
        return openAiError(res, 404, `Unknown request URL: ${req.method} ${req.url}.`, 'unknown_url');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return openAiError(res, 400, 'We could not parse the JSON body of your request.', null);
      }
      const record: StreamedRequest = { label, body, receivedAt };
      requests.push(record);
      const reply = options.reply(body);
      if (body.stream !== true) {
        // Not the receptionist's path (a summary or a translation): answered at once, whole.
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end(
          JSON.stringify({
            id: `chatcmpl-bench-${requests.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: reply.content ?? '' },
                finish_reason: 'stop',
              },
            ],
          }),
        );
      }
      const plan = planStream(reply, options.timing(body), {
        id: `chatcmpl-bench-${requests.length}`,
        model: String(body.model),
        created: Math.floor(Date.now() / 1000),
      });
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.flushHeaders();
      let index = 0;
      // One timer at a time, each aimed at the chunk's planned instant from arrival (no drift adds up).
      const writeDue = () => {
        while (index < plan.length && performance.now() - receivedAt >= plan[index]!.atMs) {
          res.write(`data: ${plan[index]!.data}\n\n`);
          const now = performance.now();
          record.firstChunkAt ??= now;
          record.lastChunkAt = now;
          index++;
        }
        if (index === plan.length) return res.end();
        setTimeout(writeDue, Math.max(0, plan[index]!.atMs - (performance.now() - receivedAt)));
      };
      setTimeout(writeDue, plan[0]!.atMs);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Tags the requests that arrive from now on (one conversation at a time in the bench). */
    setLabel: (next: string) => {
      label = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
