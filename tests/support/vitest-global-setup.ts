import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDataAndIdentity, stackUrls } from '../../scripts/local-stack/local-stack';
import { freePort } from '../../scripts/local-stack/ports';

export type LocalServices = {
  dynamoDbEndpoint: string;
  cognitoUrl: string;
  issuer: string;
  jwksUrl: string;
  outboxDir: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    localServices: LocalServices;
  }
}

/** One real DynamoDB Local (in memory) and one cognito-local on free ports for the whole vitest run. */
export default async function setup(project: TestProject) {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'ringly-vitest-'));
  const ports = { dynamodb: await freePort(), cognito: await freePort(), backend: 0, frontend: 0 };
  const stack = await startDataAndIdentity({
    ports,
    stateDir,
    persistent: false,
    frontend: 'none',
    watch: false,
    echo: false,
    tableName: 'unused',
  });
  const urls = stackUrls(ports);
  project.provide('localServices', {
    dynamoDbEndpoint: urls.dynamodb,
    cognitoUrl: `http://127.0.0.1:${ports.cognito}`,
    issuer: urls.issuer,
    jwksUrl: urls.jwks,
    outboxDir: path.join(stateDir, 'outbox'),
  });
  return async () => {
    await stack.stop();
    rmSync(stateDir, { recursive: true, force: true });
  };
}
