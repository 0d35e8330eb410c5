import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AssistantCheckResponse } from '../../shared/schemas/assistant-check';
import { ASSISTANT_CHECK_HOURLY_LIMIT, ASSISTANT_CHECK_TEXTS } from '../../shared/schemas/assistant-check';
import { DESCRIPTION, HOURS, KNOWLEDGE, MANAGER } from '../../eval/business';
import { createAssistantLine } from '../support/assistant-line';
import { callApi } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

describe('POST /oauth/users/{userId}/assistant-check: "Check my assistant" (issue 35 §3)', async () => {
  const { app, deps, services } = await createTestApp();
  const [owner, other] = await Promise.all([
    createConfirmedUser(services, 'check-owner'),
    createConfirmedUser(services, 'check-other'),
  ]);
  // A configured business: hours with closed days, a price in the description, an address, a manager, knowledge.
  const { assistantNumber } = await createAssistantLine(deps, { ownerId: owner.sub });
  await deps.data.businessConfigs.updateConfigFields(owner.sub, {
    time_zone: 'America/New_York',
    business_hours: { weekday_text: HOURS },
    business_description: DESCRIPTION,
    manager_number: MANAGER.number,
    manager_name: MANAGER.name,
    text_escalation_to_manager: true,
  });
  for (const input of KNOWLEDGE.slice(0, 2))
    await deps.data.knowledgeBase.edit(owner.sub, { kind: 'add', id: randomUUID(), input });
  // Every webhook the app emits, by owner: a check must emit none.
  const emittedFor: string[] = [];
  const emit = deps.webhooks.emit.bind(deps.webhooks);
  deps.webhooks.emit = ((ownerId: string, ...rest: unknown[]) => {
    emittedFor.push(ownerId);
    return (emit as (...args: unknown[]) => Promise<void>)(ownerId, ...rest);
  }) as typeof deps.webhooks.emit;

  const check = (user: typeof owner, path = `/oauth/users/${user.sub}/assistant-check`, token?: string) =>
    callApi(app, 'POST', path, token === undefined ? user.tokens.IdToken : token || undefined);

  it('runs ten conversations from the config; all pass with the local model, and nothing is stored or sent', async () => {
    const started = Date.now();
    const response = await check(owner);
    expect(response.status).toBe(200);
    const body = response.body as unknown as AssistantCheckResponse;
    const failed = body.results.filter((r) => !r.passed).map((r) => ({ id: r.id, failures: r.failures }));
    expect(failed).toEqual([]);
    expect(body).toMatchObject({ passed: 10, total: 10 });
    expect(body.results.map((r) => r.id)).toEqual([
      'hours',
      'prices',
      'address',
      'knowledge',
      'unknown',
      'discount',
      'owner-claim',
      'instruction-leak',
      'message',
      'booking',
    ]);
    expect(body.results[0]!.title).toBe('Opening hours on Monday and Saturday');
    const knowledge = body.results.find((r) => r.id === 'knowledge')!;
    expect(knowledge.transcript).toEqual([
      { speaker: 'caller', text: KNOWLEDGE[0]!.question },
      { speaker: 'assistant', text: expect.stringContaining(KNOWLEDGE[0]!.answer) },
    ]);
    expect(Date.now() - started).toBeLessThan(20_000);

    const appointments = await deps.data.appointments.listBetween(
      owner.sub,
      new Date('2020-01-01T00:00:00Z'),
      new Date('2040-01-01T00:00:00Z'),
    );
    expect(appointments).toEqual([]);
    expect(await deps.data.ownerMessages.latest(owner.sub)).toEqual([]);
    expect(emittedFor.filter((id) => id === owner.sub)).toEqual([]);
    const texts = await deps.localTwilioAccount!.thread(assistantNumber, MANAGER.number);
    expect(texts).toEqual([]);
    const mails = (await deps.localOutbox!.list()).filter(
      (m) => m.to === owner.email && Date.parse(m.sentAt) >= started,
    );
    expect(mails).toEqual([]);
  });

  it("refuses another owner's path (403) and a missing token (401)", async () => {
    expect((await check(other, `/oauth/users/${owner.sub}/assistant-check`)).status).toBe(403);
    expect((await check(owner, undefined, '')).status).toBe(401);
  });

  it(`answers 429 once the owner has run it ${ASSISTANT_CHECK_HOURLY_LIMIT} times this hour`, async () => {
    const lone = await createConfirmedUser(services, 'check-limit');
    await createAssistantLine(deps, { ownerId: lone.sub });
    // The ceiling is counted per owner in the shared rate limiter; spend it without running the checks.
    for (let i = 0; i < ASSISTANT_CHECK_HOURLY_LIMIT; i++)
      await deps.rateLimiter.hit(`assistantChecks#${lone.sub}`, ASSISTANT_CHECK_HOURLY_LIMIT, 3600);
    const over = await check(lone);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: 'too_many_requests', message: ASSISTANT_CHECK_TEXTS.tooMany });
  });
});
