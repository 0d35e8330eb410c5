import { afterAll, describe, expect, it } from 'vitest';
import { createSesEmailSender } from '../../backend/src/providers/email/ses';
import { collectTurn } from '../../backend/src/capabilities/receptionist/receptionist';
import { startFakeSes } from '../fakes/ses/fake-ses';
import { createAssistantLine } from '../support/assistant-line';
import { createTestApp } from '../support/test-app';

const FROM = 'notify@ringly.example';

describe('Notification e-mails through the SES adapter, against the fake SES v2 API', async () => {
  const ses = await startFakeSes([FROM]);
  afterAll(() => ses.stop());

  it('sends extra headers as SES v2 Simple.Headers, and SES refusing a header is an error', async () => {
    const sender = createSesEmailSender({ region: 'us-east-1', fromAddress: FROM, endpoint: ses.endpoint });
    await sender.send({
      to: 'owner@example.com',
      subject: 'Summary',
      text: 'Body',
      kind: 'notification-summary',
      headers: [
        { name: 'List-Unsubscribe', value: '<https://api.example/notifications/unsubscribe?token=t>' },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ],
    });
    expect(ses.sent.at(-1)!.request.Content?.Simple?.Headers).toEqual([
      { Name: 'List-Unsubscribe', Value: '<https://api.example/notifications/unsubscribe?token=t>' },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ]);
    // Without headers, none are sent (invitations keep their old request shape).
    await sender.send({ to: 'owner@example.com', subject: 'Plain', text: 'Body', kind: 'plain' });
    expect(ses.sent.at(-1)!.request.Content?.Simple).not.toHaveProperty('Headers');
    await expect(
      sender.send({
        to: 'owner@example.com',
        subject: 'Bad',
        text: 'Body',
        kind: 'bad',
        headers: [{ name: 'Subject', value: 'override' }],
      }),
    ).rejects.toMatchObject({ name: 'BadRequestException' });
  });

  it('a call’s summary goes out through SES with List-Unsubscribe and one-click headers', async () => {
    const { deps } = await createTestApp({
      SES_FROM_ADDRESS: FROM,
      SES_ENDPOINT: ses.endpoint,
      PUBLIC_API_URL: 'https://api.ringly.example',
      PUBLIC_APP_URL: 'https://app.ringly.example',
    });
    const { ownerId, assistantNumber } = await createAssistantLine(deps);
    await deps.data.businessConfigs.updateConfigFields(ownerId, { escalation_email: 'front@bella.example' });
    const call = await deps.receptionist.startConversation({
      ownerId,
      channel: 'voice',
      caller: '+14155550123',
      assistantNumber,
    });
    await collectTurn(deps.receptionist, call.id, 'Are you open on Saturday?');
    await deps.receptionist.finish(call.id, 'call completed');
    await deps.notifier.settled();
    const sent = ses.sent.filter((s) => s.request.Destination?.ToAddresses?.[0] === 'front@bella.example');
    expect(sent).toHaveLength(1);
    const simple = sent[0]!.request.Content!.Simple!;
    expect(simple.Subject?.Data).toBe('Bella Hair Studio: call with (415) 555-0123 (Answered)');
    expect(simple.Body?.Text?.Data).toContain(
      `Open the conversation: https://app.ringly.example/dashboard?tab=calls&conversation=${call.id}`,
    );
    const unsubscribe = simple.Body?.Text?.Data?.match(/Unsubscribe: (\S+)/)?.[1];
    expect(unsubscribe).toMatch(
      /^https:\/\/api\.ringly\.example\/notifications\/unsubscribe\?token=u1\.summary\./,
    );
    expect(simple.Headers).toEqual([
      { Name: 'List-Unsubscribe', Value: `<${unsubscribe}>` },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ]);
    expect(sent[0]!.request.EmailTags).toEqual([{ Name: 'kind', Value: 'notification-summary' }]);
  });
});
