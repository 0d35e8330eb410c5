import VoiceResponse from 'twilio/lib/twiml/VoiceResponse';
import { describe, expect, it } from 'vitest';
import { xmlCharactersOnly, xmlSafeAttributes } from './twiml-characters';
import {
  connectRelayTwiml,
  dialTwiml,
  hangUpTwiml,
  rejectTwiml,
  sayThenDialTwiml,
  sayThenHangUpTwiml,
  transferTwiml,
  whisperTwiml,
  type RelayTwiml,
} from './voice-twiml';

/*
 * The voice answers are written without Twilio's TwiML library (twiml-writer.ts, decision 186 session 40).
 * Each is compared, byte for byte, with what the library writes for the same answer, built here as
 * voice-twiml.ts built it before (VoiceResponse over xmlbuilder), on texts with everything XML escapes.
 */

/** Markup, quotes, apostrophes, ampersands, tabs, newlines, carriage returns, a control character, emoji. */
const AWKWARD = [
  'Please hold.',
  `Tom & Jerry's <b>"Best"</b> > Cuts`,
  'Line one\nline two\r\n\ttabbed',
  'Bell\u0007 and a lone \uD83D surrogate, and 😀 whole',
  '&amp; already escaped; ]]> too',
  '',
];

const library = {
  connectRelay(options: RelayTwiml) {
    const response = new VoiceResponse();
    if (options.recordingStatusCallback)
      response.start().recording(
        xmlSafeAttributes({
          channels: 'dual',
          track: 'both',
          recordingStatusCallback: options.recordingStatusCallback,
          recordingStatusCallbackMethod: 'POST',
          recordingStatusCallbackEvent: ['in-progress', 'completed', 'absent'],
        } satisfies VoiceResponse.RecordingAttributes),
      );
    const relay = response
      .connect(xmlSafeAttributes({ action: options.actionUrl, method: 'POST' }))
      .conversationRelay(
        xmlSafeAttributes({
          url: options.relayUrl,
          welcomeGreeting: options.welcomeGreeting,
          language: options.language,
          ttsProvider: options.ttsProvider,
          voice: options.voice,
          interruptible: 'any',
          dtmfDetection: true,
        }),
      );
    for (const language of options.languages ?? []) relay.language(xmlSafeAttributes({ ...language }));
    for (const [name, value] of Object.entries(options.parameters))
      relay.parameter(xmlSafeAttributes({ name, value }));
    return response.toString();
  },
  sayThenDial(say: string, to: string | undefined) {
    const response = new VoiceResponse();
    response.say(xmlCharactersOnly(say));
    if (to) response.dial(xmlCharactersOnly(to));
    else response.hangup();
    return response.toString();
  },
  dial(options: { to: string; timeoutSeconds?: number; actionUrl?: string }) {
    const response = new VoiceResponse();
    response.dial(
      xmlSafeAttributes({
        ...(options.actionUrl ? { action: options.actionUrl, method: 'POST' } : {}),
        ...(options.timeoutSeconds !== undefined ? { timeout: options.timeoutSeconds } : {}),
      }),
      xmlCharactersOnly(options.to),
    );
    return response.toString();
  },
  sayThenHangUp(say: string) {
    const response = new VoiceResponse();
    response.say(xmlCharactersOnly(say));
    response.hangup();
    return response.toString();
  },
  reject() {
    const response = new VoiceResponse();
    response.reject();
    return response.toString();
  },
  hangUp() {
    const response = new VoiceResponse();
    response.hangup();
    return response.toString();
  },
  transfer(options: {
    to: string;
    whisperUrl: string;
    actionUrl: string;
    timeoutSeconds: number;
    callerId?: string;
  }) {
    const response = new VoiceResponse();
    response
      .dial(
        xmlSafeAttributes({
          action: options.actionUrl,
          method: 'POST',
          timeout: options.timeoutSeconds,
          callerId: options.callerId,
        }),
      )
      .number(xmlSafeAttributes({ url: options.whisperUrl, method: 'POST' }), xmlCharactersOnly(options.to));
    return response.toString();
  },
  whisper(text: string) {
    const response = new VoiceResponse();
    response.say(xmlCharactersOnly(text));
    return response.toString();
  },
};

describe("the voice TwiML, written as Twilio's library writes it", () => {
  it('connects the relay: recorded or not, with languages, voices and parameters, any greeting', () => {
    for (const text of AWKWARD) {
      const variants: RelayTwiml[] = [
        {
          relayUrl: 'wss://api.example.com/relay',
          actionUrl: `https://api.example.com/after?conversationId=c1&x=${text}`,
          welcomeGreeting: text,
          language: 'en-US',
          parameters: { conversationId: 'c1' },
        },
        {
          relayUrl: `wss://api.example.com/relay?t=${text}`,
          actionUrl: 'https://api.example.com/after?a=1&b=2',
          welcomeGreeting: `Thanks for calling ${text}, this is "Ava".`,
          language: 'es-US',
          ttsProvider: 'Google',
          voice: 'es-US-Journey-F',
          parameters: { conversationId: 'c2', note: text },
          languages: [
            {
              code: 'en-US',
              ttsProvider: 'Google',
              voice: 'en-US-Journey-O',
              transcriptionProvider: 'Google',
            },
            { code: 'es-US', ttsProvider: 'Google', voice: `es-US-${text}`, transcriptionProvider: 'Google' },
          ],
          recordingStatusCallback: 'https://api.example.com/webhooks/twilio/voice/recording?x=1&y=2',
        },
        {
          relayUrl: 'wss://r',
          actionUrl: 'https://a',
          welcomeGreeting: text,
          language: 'en-US',
          parameters: {},
        },
      ];
      for (const options of variants) expect(connectRelayTwiml(options)).toBe(library.connectRelay(options));
    }
  });

  it('says, dials, hangs up, rejects, transfers and whispers as the library does', () => {
    for (const text of AWKWARD) {
      expect(sayThenDialTwiml(text, '+14155550142')).toBe(library.sayThenDial(text, '+14155550142'));
      expect(sayThenDialTwiml(text, undefined)).toBe(library.sayThenDial(text, undefined));
      expect(sayThenHangUpTwiml(text)).toBe(library.sayThenHangUp(text));
      expect(whisperTwiml(text)).toBe(library.whisper(text));
      const transfer = {
        to: '+14155550100',
        whisperUrl: `https://x/w?${text}`,
        actionUrl: 'https://x/d?a=1&b=2',
        timeoutSeconds: 20,
      };
      expect(transferTwiml(transfer)).toBe(library.transfer(transfer));
      expect(transferTwiml({ ...transfer, callerId: '+14155550101' })).toBe(
        library.transfer({ ...transfer, callerId: '+14155550101' }),
      );
    }
    for (const dial of [
      { to: '+14155550142' },
      { to: '+14155550142', timeoutSeconds: 0 },
      { to: '+14155550142', timeoutSeconds: 20, actionUrl: 'https://x/owner?a=1&b="2"' },
    ])
      expect(dialTwiml(dial)).toBe(library.dial(dial));
    expect(rejectTwiml()).toBe(library.reject());
    expect(hangUpTwiml()).toBe(library.hangUp());
  });
});
