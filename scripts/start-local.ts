/**
 * `npm start`: the whole product on this machine — DynamoDB Local (data kept in .local/), cognito-local,
 * the backend (the Lambda app on Node, restarting on changes) and the frontend (Vite with hot reload).
 */
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_LOCAL_TABLE_NAME } from '../backend/src/platform/dynamo/table-definition';
import { startLocalStack, REPO_ROOT } from './local-stack/local-stack';
import { assertPortsFree, PortInUseError } from './local-stack/ports';
import { superviseServices } from './local-stack/supervisor';

const env = z
  .object({
    DYNAMODB_PORT: z.coerce.number().int().default(8000),
    COGNITO_PORT: z.coerce.number().int().default(9229),
    BACKEND_PORT: z.coerce.number().int().default(3001),
    FRONTEND_PORT: z.coerce.number().int().default(5173),
  })
  .parse(process.env);

const ports = {
  dynamodb: env.DYNAMODB_PORT,
  cognito: env.COGNITO_PORT,
  backend: env.BACKEND_PORT,
  frontend: env.FRONTEND_PORT,
};

try {
  await assertPortsFree([
    { name: 'DynamoDB Local', port: ports.dynamodb, envVar: 'DYNAMODB_PORT' },
    { name: 'cognito-local', port: ports.cognito, envVar: 'COGNITO_PORT' },
    { name: 'backend API', port: ports.backend, envVar: 'BACKEND_PORT' },
    { name: 'frontend', port: ports.frontend, envVar: 'FRONTEND_PORT' },
  ]);
} catch (error) {
  if (error instanceof PortInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

console.log('Starting DynamoDB Local, cognito-local, the backend and the frontend…');
const stack = await startLocalStack({
  ports,
  stateDir: path.join(REPO_ROOT, '.local', 'state'),
  persistent: true,
  frontend: 'dev',
  watch: true,
  echo: process.env.VERBOSE === '1',
  tableName: DEFAULT_LOCAL_TABLE_NAME,
}).catch((error: Error) => {
  console.error(`\nCould not start the local stack:\n${error.message}`);
  process.exit(1);
});

const line = '─'.repeat(64);
console.log(`
${line}
  Ringly is running.

  Open the app:            ${stack.urls.app}
  Confirmation e-mails:    ${stack.urls.outbox}
      (sign-up codes and every other e-mail land in this local outbox)
  Local phone:             ${stack.urls.phone}
      (text your assistant's number as a caller; its replies and texts appear here)

  API:                     ${stack.urls.api}   (OpenAPI: ${stack.urls.api}/openapi.json)
  cognito-local:           ${stack.urls.cognito}
  DynamoDB Local:          ${stack.urls.dynamodb}   (data in .local/state/)

  Tip: sign up from ${stack.urls.app}/signup?betatester=smb to join as a beta tester.
  Press Ctrl-C to stop everything. Set VERBOSE=1 to see every service's log.
${line}
`);

// A service that crashes is reported with its last output and started again; the rest keep running
// (local-stack/supervisor.ts). One that keeps crashing is given up on, with a message.
const supervisor = superviseServices({
  services: stack.services,
  report: (message) => console.error(message),
});

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  supervisor.stop();
  console.log('\nStopping…');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
