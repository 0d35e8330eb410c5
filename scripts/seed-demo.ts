/**
 * `npm run demo` (`npx tsx scripts/seed-demo.ts`): against the running `npm start` stack, creates a demo
 * owner with a complete business and a realistic 90-day conversation history, so the dashboard (Analytics
 * especially) can be seen full. Safe to run again: the owner, config and records are overwritten, not doubled.
 */
import { z } from 'zod';
import { DEFAULT_LOCAL_TABLE_NAME } from '../backend/src/platform/dynamo/table-definition';
import { TRIAL_DAYS } from '../shared/plans';
import { seedDemoOwner } from './local-stack/demo-owner';
import { stackUrls } from './local-stack/local-stack';

const env = z
  .object({
    DYNAMODB_PORT: z.coerce.number().int().default(8000),
    COGNITO_PORT: z.coerce.number().int().default(9229),
    BACKEND_PORT: z.coerce.number().int().default(3001),
    FRONTEND_PORT: z.coerce.number().int().default(5173),
    TABLE_NAME: z.string().default(DEFAULT_LOCAL_TABLE_NAME),
    DEMO_EMAIL: z.string().email().default('demo@ringly.example.com'),
    DEMO_PASSWORD: z.string().min(8).default('ringly-demo-2024'),
  })
  .parse(process.env);

const urls = stackUrls({
  dynamodb: env.DYNAMODB_PORT,
  cognito: env.COGNITO_PORT,
  backend: env.BACKEND_PORT,
  frontend: env.FRONTEND_PORT,
});

try {
  const owner = await seedDemoOwner(
    {
      cognitoUrl: urls.cognito,
      apiUrl: urls.api,
      appUrl: urls.app,
      dynamoDbEndpoint: urls.dynamodb,
      tableName: env.TABLE_NAME,
    },
    { email: env.DEMO_EMAIL, password: env.DEMO_PASSWORD, withHistory: true },
  );
  console.log(`
Demo owner ready: a ${TRIAL_DAYS}-day trial and ${owner.conversations.length} conversations over the last 90 days.

  Sign in at ${urls.app}/login
  E-mail:    ${owner.email}
  Password:  ${owner.password}
`);
} catch (error) {
  console.error(
    `Could not seed the demo owner. Is \`npm start\` running (DynamoDB ${urls.dynamodb}, cognito-local ${urls.cognito}, API ${urls.api})?\n${(error as Error).message}`,
  );
  process.exit(1);
}
