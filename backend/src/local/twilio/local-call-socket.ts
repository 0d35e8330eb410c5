import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import type { Language } from '@shared/language';
import { languageOfRelayCode } from '@shared/voice-relay';
import { RELAY_PROMPT_MAX_CHARS } from '@shared/voice-relay-messages';
import { VOICE_STREAM } from '@shared/voice-stream';
import { e164PhoneSchema } from '@shared/schemas/phone-number';
import type { AppData } from '../../entry/app-types';
import type { Logger } from '../../platform/logging/logger';
import { LOCAL_VOICES } from '../speech/local-speech';
import type { LocalTwilioAccount } from './local-account';
import { startLocalCall, type LocalCall } from './local-call';
import { UnknownLocalNumberError } from './local-sms-delivery';
import { createVoiceStreamSession, type VoiceStreamSessionDeps } from '../../capabilities/voice/index';
import { LOCAL_CALL_PATH } from './local-phone-page';
import { createLocalCallRecorder } from './local-call-recorder';
import type { LocalRecordings } from './local-recordings';

const e164 = e164PhoneSchema({ rule: 'possible', message: 'must be a phone number in +15551234567 form' });

/** What the local phone page sends over its call socket. */
export const localCallCommandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('dial'),
    assistant: e164,
    caller: e164,
    /** The caller dialled the business line, which forwarded the call to the assistant. */
    forwarded_from: e164.optional(),
    /** Place the call "as if at" this moment (the answer modes' opening hours; local-call-clock.ts). */
    at: z.iso.datetime({ offset: true }).optional(),
    /** The caller hangs up before the assistant's greeting (a missed call, docs/decisions/176). */
    hang_up_before_greeting: z.boolean().optional(),
  }),
  // Longer than the relay takes, so its polite answer to a huge prompt can be tried from the page.
  z.object({
    type: z.literal('say'),
    text: z
      .string()
      .trim()
      .min(1)
      .max(RELAY_PROMPT_MAX_CHARS * 2),
  }),
  z.object({ type: z.literal('digit'), digit: z.string().regex(/^[0-9*#]$/) }),
  z.object({ type: z.literal('answer_manager') }),
  z.object({ type: z.literal('let_it_ring') }),
  // Ring me first: the business's own phone (simulated) picks up, or is busy and declines.
  z.object({ type: z.literal('answer_business') }),
  z.object({ type: z.literal('business_busy') }),
  z.object({ type: z.literal('hang_up') }),
]);

/** The local speech voice the page hears (espeak-ng); the owner's choice when it is a local voice. */
export type CallVoiceLookup = (assistantNumber: string) => Promise<string>;

export const localCallVoice =
  (data: Pick<AppData, 'phoneReservations' | 'businessConfigs'>): CallVoiceLookup =>
  async (assistantNumber) => {
    const reservation = await data.phoneReservations.get(assistantNumber);
    const chosen = reservation
      ? (await data.businessConfigs.getConfig(reservation.owner_id))?.selected_voice?.voice_id
      : undefined;
    return LOCAL_VOICES.find((v) => v.voice_id === chosen)?.voice_id ?? 'emma';
  };

/**
 * The local phone page's call socket (local mode only, `/local/phone/call`): the page dials, and the local
 * telephony provider places the call against our own app exactly as Twilio would (local-call.ts); what the
 * assistant says is shown as a live transcript and spoken through the voice-preview streaming session
 * (espeak-ng locally), one utterance per reply. One call per socket; closing the page hangs up.
 */
export function attachLocalCallServer(
  server: Server,
  deps: {
    account: Pick<LocalTwilioAccount, 'getNumber'>;
    authToken: string;
    dispatch: (request: Request) => Promise<Response>;
    speech: VoiceStreamSessionDeps;
    voiceFor: CallVoiceLookup;
    logger: Logger;
    /** How long a ringing line waits before it rings out (default: the TwiML's seconds, as Twilio). */
    ringMs?: (timeoutSeconds: number) => number;
    /** Where recorded calls are kept (docs/decisions/184-call-recordings.md); absent: none are recorded. */
    recordings?: LocalRecordings;
  },
) {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== LOCAL_CALL_PATH) return;
    sockets.handleUpgrade(request, socket, head, (ws) => serve(ws));
  };

  function serve(ws: WebSocket) {
    const send = (message: unknown) =>
      new Promise<void>((resolve, reject) =>
        ws.readyState === ws.OPEN
          ? ws.send(JSON.stringify(message), (error) => (error ? reject(error) : resolve()))
          : reject(new Error('page gone')),
      );
    const speech = createVoiceStreamSession(deps.speech, {
      connectionId: `local-call-${randomUUID()}`,
      send: (message) => send({ type: 'speech', message }),
    });
    let call: LocalCall | undefined;
    let dialing = false;
    let voice = 'emma';
    /** The relay's language (a `language` message switches it): the local voice reads in it. */
    let language: Language = 'en';
    let reply = '';
    let utterance = 0;

    const speak = (text: string) => {
      utterance += 1;
      void speech.handleMessage(
        JSON.stringify({
          action: VOICE_STREAM.action,
          provider: 'local',
          voice_config: { voice_id: voice, language },
          text,
          stream_id: `utterance-${utterance}`,
        }),
      );
    };
    const fail = (message: string) => send({ type: 'call_error', message }).catch(() => undefined);

    ws.on('message', (data) => {
      let json: unknown;
      try {
        json = JSON.parse(data.toString());
      } catch {
        return void fail('Invalid message');
      }
      const parsed = localCallCommandSchema.safeParse(json);
      if (!parsed.success) return void fail(`Invalid message: ${parsed.error.issues[0]?.message}`);
      const command = parsed.data;
      if (command.type === 'dial') {
        if (call || dialing) return void fail('A call is already on this line.');
        dialing = true;
        void (async () => {
          try {
            voice = await deps.voiceFor(command.assistant);
            call = await startLocalCall({
              account: deps.account,
              authToken: deps.authToken,
              dispatch: deps.dispatch,
              from: command.caller,
              to: command.assistant,
              ...(command.forwarded_from ? { forwardedFrom: command.forwarded_from } : {}),
              ...(command.at ? { callTime: new Date(command.at) } : {}),
              ...(command.hang_up_before_greeting ? { hangUpBeforeGreeting: true } : {}),
              ...(deps.ringMs ? { ringMs: deps.ringMs } : {}),
              // Recorded in the voice the page hears (espeak-ng), when the TwiML starts a recording.
              ...(deps.recordings
                ? {
                    recorder: createLocalCallRecorder({
                      speech: deps.speech.speech,
                      recordings: deps.recordings,
                      assistantVoice: voice,
                    }),
                  }
                : {}),
              onEvent: (event) => {
                if (event.type === 'assistant') {
                  reply += event.token;
                  if (event.last && reply.trim()) {
                    speak(reply.trim());
                    reply = '';
                  }
                } else if (event.type === 'say') speak(event.text);
                else if (event.type === 'language') language = languageOfRelayCode(event.code) ?? language;
                send({ type: 'call', event }).catch(() => undefined);
                if (event.type === 'ended') {
                  call = undefined;
                  dialing = false;
                }
              },
            });
            await send({ type: 'connected', callSid: call.callSid }).catch(() => undefined);
          } catch (error) {
            dialing = false;
            if (error instanceof UnknownLocalNumberError)
              return void fail('That number is not one of the local assistant numbers.');
            deps.logger.error('local_call_failed', { error: String(error) });
            void fail('The call could not be placed. Is the backend healthy?');
          }
        })();
        return;
      }
      if (!call || call.ended) return void fail('There is no call on this line.');
      if (command.type === 'say') call.say(command.text);
      else if (command.type === 'digit') call.digit(command.digit);
      else if (command.type === 'answer_manager' || command.type === 'answer_business') call.answerManager();
      else if (command.type === 'business_busy') call.decline();
      else if (command.type === 'let_it_ring') call.letItRingOut();
      else void call.hangUp();
    });
    ws.on('close', () => {
      if (call && !call.ended) void call.hangUp().catch(() => undefined);
    });
  }

  server.on('upgrade', onUpgrade);
  return {
    close: () => {
      server.off('upgrade', onUpgrade);
      for (const client of sockets.clients) client.terminate();
      sockets.close();
    },
  };
}
