import { z } from 'zod';
import { createLocalOutbox } from '../ses/local-outbox';
import { startCognitoLocal } from './cognito-local-server';

/** Entry point of the cognito-local child process that `npm start` and the tests launch. */
const env = z
  .object({
    COGNITO_PORT: z.coerce.number().int().default(9229),
    COGNITO_DATA_DIR: z.string().default('.local/cognito'),
    LOCAL_OUTBOX_DIR: z.string().default('.local/outbox'),
    COGNITO_QUIET: z.enum(['true', 'false']).default('true'),
  })
  .parse(process.env);

const cognito = await startCognitoLocal({
  port: env.COGNITO_PORT,
  dataDirectory: env.COGNITO_DATA_DIR,
  outbox: createLocalOutbox(env.LOCAL_OUTBOX_DIR),
  quiet: env.COGNITO_QUIET === 'true',
});
console.log(JSON.stringify({ level: 'info', message: 'cognito-local listening', url: cognito.url }));
const stop = () => void cognito.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
