import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../platform/config/env';
import { createLogger } from '../platform/logging/logger';
import { createEmfMetrics } from '../platform/observability/metrics';

// The app's whole wiring, replaced: what matters here is when, and how often, the call's deps build it.
const built = vi.hoisted(() => ({ count: 0, fail: false, allows: vi.fn(async () => true) }));
vi.mock('./app-deps', () => ({
  createAppDeps: vi.fn(() => {
    built.count += 1;
    if (built.fail) throw new Error('wiring failed');
    return { textingGate: { allows: built.allows }, verifyToken: async () => ({ sub: 'owner-1' }) };
  }),
}));
// The engine a call's finish builds, counted: the real one, built once per instance on the first finish.
const finishBuilt = vi.hoisted(() => ({ count: 0 }));
vi.mock('./call-finish-deps', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./call-finish-deps')>();
  return {
    callFinishReceptionist: vi.fn((input: Parameters<typeof actual.callFinishReceptionist>[0]) => {
      finishBuilt.count += 1;
      return actual.callFinishReceptionist(input);
    }),
  };
});
const { createCallAnswerDeps } = await import('./call-answer-deps');
const { createAppDeps } = await import('./app-deps');

const config = loadConfig({
  APP_ENV: 'test',
  AWS_REGION: 'us-east-1',
  DYNAMODB_ENDPOINT: 'http://127.0.0.1:1',
});
const logger = createLogger();
const metrics = createEmfMetrics('test', () => {});

beforeEach(() => {
  finishBuilt.count = 0;
  built.count = 0;
  built.fail = false;
  built.allows.mockClear();
});

describe("a call's own dependencies (docs/decisions/186-cold-start.md)", () => {
  it('answer a call without building the app; its whole wiring is built once, on the first call that needs it', async () => {
    const { deps, everything } = createCallAnswerDeps(config, { logger, metrics });
    // What the incoming call uses is there at once.
    expect(typeof deps.data.phoneReservations.get).toBe('function');
    expect(typeof deps.receptionist.startConversation).toBe('function');
    expect(built.count).toBe(0);

    await expect(deps.textingGate.allows('+14155550100', '+14155550101')).resolves.toBe(true);
    expect(built.allows).toHaveBeenCalledWith('+14155550100', '+14155550101');
    await deps.textingGate.allows('+14155550100', '+14155550102');
    await expect(deps.verifyToken('token')).resolves.toEqual({ sub: 'owner-1' });
    expect(built.count).toBe(1);
    expect(await everything()).toBe(await everything());
    // …with the same configuration, logger and metrics as the call's own.
    expect(vi.mocked(createAppDeps)).toHaveBeenLastCalledWith(
      config,
      expect.objectContaining({ logger, metrics }),
    );
  });

  it("starts a call without the receptionist's engine, built once on the first finish, without the app's wiring", async () => {
    const send = vi
      .spyOn(DynamoDBDocumentClient.prototype, 'send')
      .mockImplementation((async () => ({ $metadata: {} })) as never);
    try {
      const { deps } = createCallAnswerDeps(config, { logger, metrics });
      expect(deps.receptionist.refusal('voice')).toBeDefined();
      expect(finishBuilt.count).toBe(0);
      // A conversation that is not stored: the engine reads it, finds nothing and stops.
      await deps.receptionist.finish('call-unknown', 'completed');
      await deps.receptionist.finish('call-unknown', 'completed');
      expect(finishBuilt.count).toBe(1);
      expect(send).toHaveBeenCalledTimes(2);
      expect(built.count).toBe(0);
    } finally {
      send.mockRestore();
    }
  });

  it('does not keep a failed build: the next call tries again', async () => {
    const { deps } = createCallAnswerDeps(config, { logger, metrics });
    built.fail = true;
    await expect(deps.textingGate.allows('+14155550100', '+14155550101')).rejects.toThrow('wiring failed');
    built.fail = false;
    await expect(deps.textingGate.allows('+14155550100', '+14155550101')).resolves.toBe(true);
    expect(built.count).toBe(2);
  });

  it("reads a call's line together: the config, subscription, objective, block list and caller's memory in one BatchGetItem", async () => {
    const sent: unknown[] = [];
    const send = vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation((async (
      command: unknown,
    ) => {
      sent.push(command);
      return { Responses: { [config.tableName]: [] }, $metadata: {} };
    }) as never);
    try {
      const { deps } = createCallAnswerDeps(config, { logger, metrics });
      const caller = '+14155550101';
      const answers = await Promise.all([
        deps.data.businessConfigs.getConfig('owner-1'),
        deps.data.subscriptions.getSubscription('owner-1'),
        deps.data.objectives.getObjective('owner-1'),
        deps.data.blockedNumbers.screen('owner-1', caller),
        deps.data.callerMemories.get('owner-1', caller),
      ]);
      expect(answers[0]).toBeUndefined();
      expect(answers[3]).toBe('allowed');
      expect(sent).toHaveLength(1);
      expect(sent[0]).toBeInstanceOf(BatchGetCommand);
      expect((sent[0] as BatchGetCommand).input.RequestItems![config.tableName]!.Keys).toHaveLength(5);
    } finally {
      send.mockRestore();
    }
  });
});
