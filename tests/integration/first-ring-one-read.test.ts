import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { voiceAnswers } from '../../backend/src/capabilities/voice/call-answer';
import { conversationIdOfCall } from '../../backend/src/capabilities/voice/webhook-forms';
import { createCallAnswerDeps } from '../../backend/src/entry/call-answer-deps';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { telephonyWebhookUrls } from '../../backend/src/providers/telephony/port';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/local/twilio/local-sms-delivery';
import { createAssistantLine } from '../support/assistant-line';
import { newCallSid } from '../support/signed-sms';
import { createTestApp } from '../support/test-app';

/**
 * A caller's first ring reads its line in one round trip when the number's voice URL names its owner
 * (telephonyWebhookUrls, which a purchase uses; docs/decisions/186-cold-start.md, session 43): the number's
 * reservation goes in the same BatchGetItem as the owner's config, subscription, objective, block list entry
 * and caller memory. The name is a hint, checked against the reservation: a URL naming anybody else is
 * answered for the number's holder, and nothing is written or counted for the owner it named.
 */
const API = 'https://api.one-read.test';
const CALLER = '+14155550188';

let local: Awaited<ReturnType<typeof createTestApp>>;
let answers: ReturnType<typeof voiceAnswers>;
let holder: Awaited<ReturnType<typeof createAssistantLine>>;
let other: Awaited<ReturnType<typeof createAssistantLine>>;
beforeAll(async () => {
  local = await createTestApp();
  // The telephony function's own wiring for a call (its coalescing document client), over DynamoDB Local,
  // with the model's key set as deployed (never used: the call is only answered).
  const config = local.deps.config;
  const { deps } = createCallAnswerDeps(
    { ...config, openai: { ...config.openai, apiKey: 'sk-never-sent' } },
    {
      logger: local.deps.logger,
      metrics: local.deps.metrics,
    },
  );
  answers = voiceAnswers(deps);
  holder = await createAssistantLine(local.deps, { businessName: 'Holder Salon' });
  other = await createAssistantLine(local.deps, { businessName: 'Other Salon' });
});

/** What reaches DynamoDB (after the coalescing), by command, with a BatchGetItem's keys. */
function recordSends() {
  const sent: { command: string; keys?: unknown[] }[] = [];
  const original = DynamoDBDocumentClient.prototype.send;
  vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation(function (
    this: DynamoDBDocumentClient,
    ...args: Parameters<DynamoDBDocumentClient['send']>
  ) {
    const command = args[0] as { constructor: { name: string }; input: Record<string, unknown> };
    const items = command.input.RequestItems as Record<string, { Keys: unknown[] }> | undefined;
    sent.push({
      command: command.constructor.name,
      ...(items ? { keys: Object.values(items).flatMap((table) => table.Keys) } : {}),
    });
    return original.apply(this, args) as never;
  } as never);
  return sent;
}
afterEach(() => vi.restoreAllMocks());

/** A signed first ring at `url`: CALLER calling the holder's number unless told otherwise. */
const ring = (url: string, callSid = newCallSid(), call: { from?: string; to?: string } = {}) =>
  answers.answerIncomingCall({
    url,
    form: {
      CallSid: callSid,
      AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
      From: call.from ?? CALLER,
      To: call.to ?? holder.assistantNumber,
    },
  });

describe("a caller's first ring, its line read in one round trip", () => {
  it('reads the reservation with the named owner’s line in one BatchGetItem, then writes the conversation', async () => {
    const sent = recordSends();
    const callSid = newCallSid();
    const twiml = await ring(telephonyWebhookUrls(API, holder.ownerId).voiceUrl, callSid);
    expect(twiml).toContain('<ConversationRelay');
    expect(sent.map((s) => s.command)).toEqual(['BatchGetCommand', 'TransactWriteCommand']);
    expect(sent[0]!.keys).toContainEqual(keys.phoneReservation(holder.assistantNumber));
    expect(sent[0]!.keys).toContainEqual(keys.businessConfig(holder.ownerId));
    expect(sent[0]!.keys).toHaveLength(6);
    const state = await local.deps.data.conversationStates.get(conversationIdOfCall(callSid));
    expect(state).toMatchObject({ owner_id: holder.ownerId, caller: CALLER });
  });

  it('without an owner in the URL (a number bought before), reads the reservation first, then the line', async () => {
    const sent = recordSends();
    const twiml = await ring(telephonyWebhookUrls(API).voiceUrl);
    expect(twiml).toContain('<ConversationRelay');
    expect(sent.map((s) => s.command)).toEqual(['GetCommand', 'BatchGetCommand', 'TransactWriteCommand']);
  });

  it('ignores an owner parameter that is not a user id, and answers as without one', async () => {
    const sent = recordSends();
    const url = `${API}/webhooks/twilio/voice?owner=${encodeURIComponent('USER#x/../y')}`;
    expect(await ring(url)).toContain('<ConversationRelay');
    expect(sent.map((s) => s.command)).toEqual(['GetCommand', 'BatchGetCommand', 'TransactWriteCommand']);
  });

  it("answers for the number's holder when the URL names another owner, and counts nothing for that owner", async () => {
    // The owner the stale URL names has blocked this caller: their block must neither reject the call
    // nor count an attempt, since the number is not theirs.
    await local.deps.data.blockedNumbers.block(other.ownerId, CALLER, 'spam');
    const sent = recordSends();
    const callSid = newCallSid();
    const twiml = await ring(telephonyWebhookUrls(API, other.ownerId).voiceUrl, callSid);
    expect(twiml).toContain('<ConversationRelay');
    expect(twiml).toContain('Holder Salon');
    // The named owner's reads are dropped and the holder's line is read, as without a name.
    expect(sent.map((s) => s.command)).toEqual([
      'BatchGetCommand',
      'BatchGetCommand',
      'TransactWriteCommand',
    ]);
    expect(sent[1]!.keys).toContainEqual(keys.businessConfig(holder.ownerId));
    const state = await local.deps.data.conversationStates.get(conversationIdOfCall(callSid));
    expect(state?.owner_id).toBe(holder.ownerId);
    expect((await local.deps.data.blockedNumbers.get(other.ownerId, CALLER))?.attempts ?? 0).toBe(0);
    await local.deps.data.blockedNumbers.unblock(other.ownerId, CALLER);
  });

  it("rejects a caller the holder blocked and counts the attempt once, on the holder's entry", async () => {
    await local.deps.data.blockedNumbers.block(holder.ownerId, CALLER, 'spam');
    const callSid = newCallSid();
    const twiml = await ring(telephonyWebhookUrls(API, holder.ownerId).voiceUrl, callSid);
    expect(twiml).toContain('<Reject');
    expect((await local.deps.data.blockedNumbers.get(holder.ownerId, CALLER))?.attempts).toBe(1);
    expect(await local.deps.data.conversationStates.get(conversationIdOfCall(callSid))).toBeUndefined();
    await local.deps.data.blockedNumbers.unblock(holder.ownerId, CALLER);
  });

  it('answers a withheld caller without reading the block list or a memory for them', async () => {
    for (const from of ['Anonymous', 'Unknown caller']) {
      const sent = recordSends();
      const twiml = await ring(telephonyWebhookUrls(API, holder.ownerId).voiceUrl, newCallSid(), { from });
      expect(twiml, from).toContain('<ConversationRelay');
      // The reservation, config, subscription and objective: no key for the caller.
      expect(sent[0]!.keys, from).toHaveLength(4);
      vi.restoreAllMocks();
    }
  });

  it('answers a number nobody holds any more as unknown, whoever its URL names', async () => {
    const gone = await createAssistantLine(local.deps, { businessName: 'Gone Salon' });
    // Being given back (the owner picked another number): no longer the line of anybody.
    await local.doc.send(
      new UpdateCommand({
        TableName: local.tableName,
        Key: keys.phoneReservation(gone.assistantNumber),
        UpdateExpression: 'SET #status = :releasing',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':releasing': 'releasing' },
      }),
    );
    const twiml = await ring(telephonyWebhookUrls(API, gone.ownerId).voiceUrl, newCallSid(), {
      to: gone.assistantNumber,
    });
    expect(twiml).not.toContain('<ConversationRelay');
    expect(twiml).not.toContain('Gone Salon');
  });
});
