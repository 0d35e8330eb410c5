import { describe, expect, it } from 'vitest';
import { ADVANCED_OPT_OUT } from '../../shared/carrier-keywords';
import { repointNumbers } from '../../backend/src/providers/telephony/repoint-numbers';
import { RecipientOptedOutError, TelephonyError } from '../../backend/src/providers/telephony/port';
import { createAssistantLine } from '../support/assistant-line';
import { createTestApp } from '../support/test-app';

/**
 * The local telephony stand-in applies Twilio's keyword rules with our Advanced Opt-Out configuration
 * (shared/carrier-keywords.ts): whole-body matches, Twilio's own auto-replies, the number's opt-out list that
 * blocks every text from that number until START, and OptOutType passed to our webhook.
 */
describe('local phone: carrier keywords as Twilio applies them', async () => {
  const { app, deps } = await createTestApp();
  const account = deps.localTwilioAccount!;
  const bella = { name: 'Bella Hair Studio', phone: '(415) 555-0142' };
  const send = async (assistant: string, caller: string, body: string) => {
    const response = await app.request('/local/phone/messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ assistant, caller, body }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { replies: string[] }).replies;
  };
  const textFromAssistant = (from: string, to: string) =>
    deps.providers.telephony.sendSms({ from, to, body: 'Your appointment is tomorrow at 10:00 AM.' });

  it('answers HELP with the business name and how to reach it, and leaves it out of the conversation', async () => {
    const line = await createAssistantLine(deps);
    const caller = '+14155550301';
    expect(await send(line.assistantNumber, caller, ' help ')).toEqual([
      ADVANCED_OPT_OUT.replies.help(bella),
    ]);
    expect(await send(line.assistantNumber, caller, 'Info')).toEqual([
      expect.stringContaining('To reach the business, call (415) 555-0142.'),
    ]);
    expect(await deps.data.conversationStates.openThread(line.ownerId, 'sms', caller, new Date(0))).toBe(
      undefined,
    );
  });

  it('answers keywords in English and Spanish for a business that serves Spanish (decision 174)', async () => {
    const line = await createAssistantLine(deps);
    await deps.data.businessConfigs.updateConfigFields(line.ownerId, { languages: ['en', 'es'] });
    const caller = '+14155550311';
    const bilingual = { ...bella, languages: ['en', 'es'] as const };
    expect(await send(line.assistantNumber, caller, 'HELP')).toEqual([
      ADVANCED_OPT_OUT.replies.help(bilingual),
    ]);
    const [stopped] = await send(line.assistantNumber, caller, 'STOP');
    expect(stopped).toBe(ADVANCED_OPT_OUT.replies.opt_out(bilingual));
    expect(stopped).toContain('Ya no recibirá mensajes de este número. Responda START');
    const [started] = await send(line.assistantNumber, caller, 'START');
    expect(started).toBe(ADVANCED_OPT_OUT.replies.opt_in(bilingual));
    expect(started).toContain('Vuelve a recibir mensajes de este número.');
  });

  it('a bare Cancel opts out with the auto-reply; nothing reaches the caller from that number until START', async () => {
    const line = await createAssistantLine(deps);
    const caller = '+14155550302';
    expect(await send(line.assistantNumber, caller, 'Cancel')).toEqual([
      ADVANCED_OPT_OUT.replies.opt_out(bella),
    ]);
    expect(await account.isOptedOut(line.assistantNumber, caller)).toBe(true);
    // Our webhook heard it (with Twilio's OptOutType) and keeps its own list in step.
    expect(await deps.data.smsMessaging.isOptedOut(line.assistantNumber, caller)).toBe(true);
    // Nothing comes back: not the assistant, not HELP, not a text sent through the API (Twilio's 21610).
    expect(await send(line.assistantNumber, caller, 'Please cancel my appointment tomorrow')).toEqual([]);
    expect(await send(line.assistantNumber, caller, 'HELP')).toEqual([]);
    expect(await send(line.assistantNumber, caller, 'Yes')).toEqual([]);
    await expect(textFromAssistant(line.assistantNumber, caller)).rejects.toThrow(TelephonyError);
    await expect(textFromAssistant(line.assistantNumber, caller)).rejects.toThrow(/21610/);

    expect(await send(line.assistantNumber, caller, 'START')).toEqual([
      ADVANCED_OPT_OUT.replies.opt_in(bella),
    ]);
    expect(await account.isOptedOut(line.assistantNumber, caller)).toBe(false);
    expect(await deps.data.smsMessaging.isOptedOut(line.assistantNumber, caller)).toBe(false);
    expect(await send(line.assistantNumber, caller, 'Where are you?')).toEqual([
      expect.stringContaining("We're at 12 Market St"),
    ]);
    await expect(textFromAssistant(line.assistantNumber, caller)).resolves.toMatchObject({
      sid: expect.stringMatching(/^SM/),
    });
  });

  it("an opt-out we never heard (Twilio refuses with 21610) is recorded as the number's opt-out", async () => {
    const line = await createAssistantLine(deps);
    const caller = '+14155550309';
    // The STOP reached Twilio but not us (say, our webhook was failing): only the carrier knows.
    await account.optOut(line.assistantNumber, caller);
    expect(await deps.data.smsMessaging.isOptedOut(line.assistantNumber, caller)).toBe(false);
    await expect(textFromAssistant(line.assistantNumber, caller)).rejects.toThrow(RecipientOptedOutError);
    // Now our list agrees with the carrier's, so the assistant stops trying.
    expect(await deps.data.smsMessaging.isOptedOut(line.assistantNumber, caller)).toBe(true);
    // A text refused for any other reason records nothing.
    await expect(textFromAssistant('+14155550000', '+14155550310')).rejects.toThrow();
    expect(await deps.data.smsMessaging.isOptedOut('+14155550000', '+14155550310')).toBe(false);
  });

  it('keeps the opt-out to the one business number, and through re-pointing its webhooks', async () => {
    const [first, second] = [await createAssistantLine(deps), await createAssistantLine(deps)];
    const caller = '+14155550303';
    await send(first.assistantNumber, caller, 'STOP');
    // Another business's number still texts and answers them.
    await expect(textFromAssistant(second.assistantNumber, caller)).resolves.toBeDefined();
    expect(await send(second.assistantNumber, caller, 'Where are you?')).toHaveLength(1);

    // The operator re-points every number (a new API address), and back: the list stays with the number.
    const moved = await repointNumbers(deps.providers.telephony, 'https://moved.example.com');
    expect(moved.find((o) => o.phoneNumber === first.assistantNumber)?.outcome).toBe('repointed');
    expect((await account.getNumber(first.assistantNumber))!.sms_url).toBe(
      'https://moved.example.com/webhooks/twilio/sms',
    );
    expect(await account.isOptedOut(first.assistantNumber, caller)).toBe(true);
    expect(await deps.data.smsMessaging.isOptedOut(first.assistantNumber, caller)).toBe(true);
    expect(await send(first.assistantNumber, caller, 'Hello again?')).toEqual([]);
    await expect(textFromAssistant(first.assistantNumber, caller)).rejects.toThrow(/21610/);

    // START through the moved webhook re-subscribes, on both lists.
    expect(await send(first.assistantNumber, caller, 'start')).toEqual([
      ADVANCED_OPT_OUT.replies.opt_in(bella),
    ]);
    expect(await deps.data.smsMessaging.isOptedOut(first.assistantNumber, caller)).toBe(false);
    expect(await send(first.assistantNumber, caller, 'Where are you?')).toHaveLength(1);
  });

  it('treats a keyword inside a sentence, and the confirmation words, as conversation', async () => {
    const line = await createAssistantLine(deps);
    const caller = '+14155550304';
    for (const body of ['stop by at 3?', 'CANCEL APPT', 'Yes'])
      await send(line.assistantNumber, caller, body);
    expect(await account.isOptedOut(line.assistantNumber, caller)).toBe(false);
    const threadId = await deps.data.conversationStates.openThread(line.ownerId, 'sms', caller, new Date(0));
    const heard = (await deps.data.conversationStates.get(threadId!))!.turns
      .filter((t) => t.speaker === 'caller')
      .map((t) => t.text);
    expect(heard).toEqual(['stop by at 3?', 'CANCEL APPT', 'Yes']);
  });
});
