import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createSessionRevocationRepository } from '../../backend/src/platform/auth/session-revocations';
import { createTestApp } from '../support/test-app';

/** Counts the revocation reads a repository makes, on the real DynamoDB Local. */
function countingDoc(doc: DynamoDBDocumentClient) {
  let reads = 0;
  const counted = {
    send: (command: unknown) => {
      if (command instanceof BatchGetCommand) reads++;
      return doc.send(command as BatchGetCommand);
    },
  } as unknown as DynamoDBDocumentClient;
  return { doc: counted, reads: () => reads };
}

describe('session revocation checks, cached per instance', async () => {
  const { doc, tableName } = await createTestApp();
  const identity = { sub: 'owner-1', originJti: 'jti-1', issuedAtSeconds: Math.floor(Date.now() / 1000) - 5 };

  it('answers 50 parallel checks of one session with one read, and reads again after the window', async () => {
    let clock = 0;
    const counting = countingDoc(doc);
    const repo = createSessionRevocationRepository(counting.doc, tableName, undefined, {
      cacheMs: 1000,
      monotonicMs: () => clock,
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => repo.isRevoked(identity)));
    expect(answers.every((revoked) => revoked === false)).toBe(true);
    expect(counting.reads()).toBe(1);
    clock = 1000;
    await repo.isRevoked(identity);
    expect(counting.reads()).toBe(2);
  });

  it('refuses at once a session ended through the same instance, and within the window elsewhere', async () => {
    let clock = 0;
    const options = { cacheMs: 1000, monotonicMs: () => clock };
    const here = createSessionRevocationRepository(doc, tableName, undefined, options);
    const elsewhere = createSessionRevocationRepository(doc, tableName, undefined, options);
    const session = { ...identity, sub: 'owner-2' };
    expect(await here.isRevoked(session)).toBe(false);
    expect(await elsewhere.isRevoked(session)).toBe(false);
    await here.revokeSession(session.sub, session.originJti);
    expect(await here.isRevoked(session)).toBe(true);
    // The other instance may trust its last answer for the rest of its window, no longer.
    expect(await elsewhere.isRevoked(session)).toBe(false);
    clock = 1000;
    expect(await elsewhere.isRevoked(session)).toBe(true);

    const everywhere = { ...identity, sub: 'owner-3' };
    expect(await here.isRevoked(everywhere)).toBe(false);
    await here.revokeAll(everywhere.sub);
    expect(await here.isRevoked(everywhere)).toBe(true);
  });

  it('knows without waiting only a fresh active answer: never a pending, ended or forgotten one', async () => {
    let clock = 0;
    const repo = createSessionRevocationRepository(doc, tableName, undefined, {
      cacheMs: 1000,
      monotonicMs: () => clock,
    });
    const session = { ...identity, sub: 'owner-4' };
    expect(repo.knownState(session)).toBeUndefined();
    const pending = repo.sessionState(session);
    expect(repo.knownState(session)).toBeUndefined();
    expect(await pending).toBe('active');
    expect(repo.knownState(session)).toBe('active');
    clock = 1000;
    expect(repo.knownState(session)).toBeUndefined();
    expect(await repo.sessionState(session)).toBe('active');
    expect(repo.knownState(session)).toBe('active');
    await repo.revokeSession(session.sub, session.originJti);
    expect(repo.knownState(session)).toBeUndefined();
    expect(await repo.sessionState(session)).toBe('revoked');
    expect(repo.knownState(session)).toBeUndefined();
  });
});
