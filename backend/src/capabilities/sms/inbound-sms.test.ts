import { describe, expect, it } from 'vitest';
import { CALLER_TEXTS } from '@shared/caller-texts';
import { handleInboundSms, type InboundSmsDeps } from './inbound-sms';

/** A number nobody holds: nothing but the reservation lookup is reached (a read of anything else throws). */
const noLine = {
  data: {
    phoneReservations: { get: async () => undefined },
    businessConfigs: {},
    subscriptions: {},
    smsMessaging: {},
    blockedNumbers: {},
  },
  assistant: {},
  rateLimiter: {},
  logger: {},
} as unknown as InboundSmsDeps;

const textTo = (body: string) =>
  handleInboundSms(
    { messageSid: 'SM1', from: '+14155550100', to: '+14155550199', body, numMedia: 0 },
    noLine,
  );

describe('a text to a number nobody holds (decision 174)', () => {
  it('is told so in the language of its words, English when they say nothing', async () => {
    expect(await textTo('¿Hola, puedo hacer una cita?')).toEqual({
      outcome: 'unknown_number',
      replies: [CALLER_TEXTS.es.unknownNumber],
    });
    expect(await textTo('Hi, can I book an appointment?')).toEqual({
      outcome: 'unknown_number',
      replies: [CALLER_TEXTS.en.unknownNumber],
    });
    expect((await textTo('3pm')).replies).toEqual([CALLER_TEXTS.en.unknownNumber]);
  });
});
