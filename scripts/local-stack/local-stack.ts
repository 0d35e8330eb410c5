import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCAL_USER_POOL_CLIENT_ID, LOCAL_USER_POOL_ID, OAUTH_ENABLED } from '../../shared/identity';
import type { RuntimeConfig } from '../../shared/runtime-config';
import { deployedHeapFlags } from '../../infra/lib/memory-sizing';
import { spawnService, type ServiceProcess } from './child-process';
import { startDynamoDbLocal } from './dynamodb-local';
import { waitForPort } from './ports';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name: string) => path.join(REPO_ROOT, 'node_modules', '.bin', name);

export type StackPorts = { dynamodb: number; cognito: number; backend: number; frontend: number };

export type StackOptions = {
  ports: StackPorts;
  /** Where DynamoDB data, cognito-local's database and the outbox live. */
  stateDir: string;
  /** DynamoDB data on disk (npm start) or in memory (tests). */
  persistent: boolean;
  /** `dev` runs Vite with hot reload; `preview` serves the production build (e2e); `none` skips it. */
  frontend: 'dev' | 'preview' | 'none';
  /** With `preview`: the folder the build was written to (each e2e run builds into its own). */
  frontendDist?: string;
  /**
   * With `preview`: settles when that build is written. The e2e setup builds while the other services start
   * (they do not need it), which takes the build off the run's critical path.
   */
  frontendReady?: Promise<unknown>;
  /** Backend restarts on code changes (npm start). */
  watch: boolean;
  echo: boolean;
  tableName: string;
};

export type StackUrls = {
  app: string;
  api: string;
  cognito: string;
  outbox: string;
  phone: string;
  dynamodb: string;
  issuer: string;
  jwks: string;
  voiceStream: string;
  voiceRelay: string;
};

export function stackUrls(ports: StackPorts): StackUrls {
  const cognito = `http://localhost:${ports.cognito}`;
  const api = `http://localhost:${ports.backend}`;
  return {
    app: `http://localhost:${ports.frontend}`,
    api,
    cognito,
    outbox: `${api}/local/outbox`,
    phone: `${api}/local/phone`,
    dynamodb: `http://127.0.0.1:${ports.dynamodb}`,
    issuer: `${cognito}/${LOCAL_USER_POOL_ID}`,
    jwks: `http://127.0.0.1:${ports.cognito}/${LOCAL_USER_POOL_ID}/.well-known/jwks.json`,
    voiceStream: `ws://localhost:${ports.backend}/ws`,
    voiceRelay: `ws://localhost:${ports.backend}/relay`,
  };
}

export function runtimeConfigFor(urls: StackUrls): RuntimeConfig {
  return {
    apiUrl: urls.api,
    cognito: {
      userPoolId: LOCAL_USER_POOL_ID,
      userPoolClientId: LOCAL_USER_POOL_CLIENT_ID,
      userPoolEndpoint: urls.cognito,
      authFlowType: 'USER_PASSWORD_AUTH',
    },
    oauthEnabled: OAUTH_ENABLED,
    outboxUrl: urls.outbox,
    localPhoneUrl: urls.phone,
    voiceStreamUrl: urls.voiceStream,
    voiceRelayUrl: urls.voiceRelay,
  };
}

/** The environment the backend runs with against this stack (also used by in-process tests). */
export function backendEnv(
  options: Pick<StackOptions, 'ports' | 'stateDir' | 'tableName'>,
  appEnv: 'local' | 'test',
) {
  const urls = stackUrls(options.ports);
  return {
    APP_ENV: appEnv,
    PORT: String(options.ports.backend),
    TABLE_NAME: options.tableName,
    DYNAMODB_ENDPOINT: urls.dynamodb,
    COGNITO_USER_POOL_ID: LOCAL_USER_POOL_ID,
    COGNITO_CLIENT_ID: LOCAL_USER_POOL_CLIENT_ID,
    COGNITO_ISSUER: urls.issuer,
    COGNITO_JWKS_URL: urls.jwks,
    ALLOWED_ORIGINS: `http://localhost:${options.ports.frontend},http://127.0.0.1:${options.ports.frontend}`,
    LOCAL_PROVIDERS: 'true',
    LOCAL_OUTBOX_DIR: path.join(options.stateDir, 'outbox'),
    // Webhook endpoints on this machine (the e2e's receiver; decision 178): only where asked for, never in AWS.
    ...(appEnv === 'test'
      ? { WEBHOOK_LOCAL_ALLOWED_HOSTS: '127.0.0.1' }
      : process.env.WEBHOOK_LOCAL_ALLOWED_HOSTS
        ? { WEBHOOK_LOCAL_ALLOWED_HOSTS: process.env.WEBHOOK_LOCAL_ALLOWED_HOSTS }
        : {}),
  };
}

/**
 * NODE_OPTIONS for a server child: `flags` first, then the caller's own NODE_OPTIONS (an --inspect, say),
 * which still apply and, coming later, win.
 */
export const nodeOptionsWith = (flags: string) => [flags, process.env.NODE_OPTIONS].filter(Boolean).join(' ');

export type RunningStack = { urls: StackUrls; services: ServiceProcess[]; stop: () => Promise<void> };

/** Starts the identity and data stand-ins only (integration tests). */
export async function startDataAndIdentity(options: StackOptions) {
  const services: ServiceProcess[] = [];
  const stop = async () => {
    await Promise.all(services.reverse().map((s) => s.stop()));
  };
  // DynamoDB Local (a JVM) and cognito-local need nothing from each other: they start side by side.
  const started = await Promise.allSettled([
    startDynamoDbLocal({
      port: options.ports.dynamodb,
      cacheRoot: path.join(REPO_ROOT, '.local', 'cache'),
      ...(options.persistent ? { dataDir: path.join(options.stateDir, 'dynamodb') } : {}),
      echo: false,
    }),
    startService(
      {
        name: 'cognito',
        command: bin('tsx'),
        args: [path.join(REPO_ROOT, 'backend/src/local/cognito/cognito-local-main.ts')],
        cwd: REPO_ROOT,
        env: {
          COGNITO_PORT: String(options.ports.cognito),
          COGNITO_DATA_DIR: path.join(options.stateDir, 'cognito'),
          LOCAL_OUTBOX_DIR: path.join(options.stateDir, 'outbox'),
          COGNITO_QUIET: 'true',
          AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
        },
        echo: options.echo,
      },
      options.ports.cognito,
    ),
  ]);
  for (const result of started) if (result.status === 'fulfilled') services.push(result.value);
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { urls: stackUrls(options.ports), services, stop };
}

/** Everything `npm start` runs: DynamoDB Local, cognito-local, the backend and the frontend. */
export async function startLocalStack(options: StackOptions): Promise<RunningStack> {
  const base = await startDataAndIdentity(options);
  const { urls, services, stop } = base;
  try {
    const backendArgs = options.watch
      ? ['watch', '--clear-screen=false', path.join(REPO_ROOT, 'backend/src/entry/server.ts')]
      : [path.join(REPO_ROOT, 'backend/src/entry/server.ts')];
    services.push(
      await startService(
        {
          name: 'backend',
          command: bin('tsx'),
          args: backendArgs,
          cwd: REPO_ROOT,
          env: {
            ...backendEnv(options, options.persistent ? 'local' : 'test'),
            // The api function's heap limits on Lambda, so the local server collects garbage as deployed.
            NODE_OPTIONS: nodeOptionsWith(deployedHeapFlags('api')),
          },
          echo: options.echo,
        },
        options.ports.backend,
      ),
    );
    if (options.frontend !== 'none') {
      await options.frontendReady;
      services.push(
        await startService(
          {
            name: 'frontend',
            command: bin('vite'),
            args: [
              ...(options.frontend === 'preview' ? ['preview'] : []),
              ...(options.frontend === 'preview' && options.frontendDist
                ? ['--outDir', options.frontendDist]
                : []),
              '--config',
              path.join(REPO_ROOT, 'frontend/vite.config.ts'),
              '--port',
              String(options.ports.frontend),
            ],
            cwd: path.join(REPO_ROOT, 'frontend'),
            env: { LOCAL_RUNTIME_CONFIG: JSON.stringify(runtimeConfigFor(urls)) },
            echo: options.echo,
          },
          options.ports.frontend,
        ),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls, services, stop };
}

async function startService(spawnOptions: Parameters<typeof spawnService>[0], port: number) {
  const service = spawnService(spawnOptions);
  try {
    await waitForPort(port, 90_000, service.isAlive);
  } catch (error) {
    await service.stop();
    throw new Error(
      `${spawnOptions.name} did not start: ${(error as Error).message}\n${service.recentOutput()}`,
      { cause: error },
    );
  }
  return service;
}
