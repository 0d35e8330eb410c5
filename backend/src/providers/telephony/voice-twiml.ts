// Written by twiml-writer.ts, not Twilio's TwiML module: the same documents without loading the library on
// a caller's first ring (docs/decisions/186-cold-start.md, session 40; twiml-writer.test.ts compares them).
import type { RelayLanguage } from '@shared/voice-relay';
import { xmlCharactersOnly, xmlSafeAttributes } from './twiml-characters';
import { twimlDocument, type TwimlElement } from './twiml-writer';

export type RelayTwiml = {
  /** The relay socket (wss://…). */
  relayUrl: string;
  /** Where Twilio posts when the session ends (handoffData). */
  actionUrl: string;
  welcomeGreeting: string;
  language: string;
  ttsProvider?: string;
  voice?: string;
  /** <Parameter>s handed to the relay's `setup` message. */
  parameters: Record<string, string>;
  /** The languages the session may switch to (a <Language> each), when the owner serves more than one. */
  languages?: readonly RelayLanguage[];
  /**
   * Record the call (docs/decisions/184-call-recordings.md): <Start><Recording> before the relay, both
   * sides on two channels, its status posted (signed) to this URL.
   */
  recordingStatusCallback?: string;
};

const say = (text: string): TwimlElement => ({ name: 'Say', text: xmlCharactersOnly(text) });
const HANG_UP: TwimlElement = { name: 'Hangup' };

/** Voice TwiML: the caller talks to the assistant through ConversationRelay; interruptions and DTMF on. */
export function connectRelayTwiml(options: RelayTwiml): string {
  const recording: TwimlElement[] = options.recordingStatusCallback
    ? [
        {
          name: 'Start',
          children: [
            {
              name: 'Recording',
              attributes: xmlSafeAttributes({
                channels: 'dual',
                track: 'both',
                recordingStatusCallback: options.recordingStatusCallback,
                recordingStatusCallbackMethod: 'POST',
                recordingStatusCallbackEvent: ['in-progress', 'completed', 'absent'],
              }),
            },
          ],
        },
      ]
    : [];
  const relay: TwimlElement = {
    name: 'ConversationRelay',
    attributes: xmlSafeAttributes({
      url: options.relayUrl,
      welcomeGreeting: options.welcomeGreeting,
      language: options.language,
      ttsProvider: options.ttsProvider,
      voice: options.voice,
      interruptible: 'any',
      dtmfDetection: true,
    }),
    children: [
      ...(options.languages ?? []).map((language): TwimlElement => ({
        name: 'Language',
        attributes: xmlSafeAttributes({ ...language }),
      })),
      ...Object.entries(options.parameters).map(([name, value]): TwimlElement => ({
        name: 'Parameter',
        attributes: xmlSafeAttributes({ name, value }),
      })),
    ],
  };
  return twimlDocument(...recording, {
    name: 'Connect',
    attributes: xmlSafeAttributes({ action: options.actionUrl, method: 'POST' }),
    children: [relay],
  });
}

/** A short spoken message, then the caller is connected to a number (the lapsed owner's own line). */
export function sayThenDialTwiml(text: string, to: string | undefined): string {
  return twimlDocument(say(text), to ? { name: 'Dial', text: xmlCharactersOnly(to) } : HANG_UP);
}

/**
 * The call rings another line (the business's own phone). With `actionUrl`, Twilio posts the leg's
 * DialCallStatus there after `timeoutSeconds` or when it ends (ring me first); without, the call simply goes
 * there (after hours only, while open).
 */
export function dialTwiml(options: { to: string; timeoutSeconds?: number; actionUrl?: string }): string {
  return twimlDocument({
    name: 'Dial',
    attributes: xmlSafeAttributes({
      ...(options.actionUrl ? { action: options.actionUrl, method: 'POST' } : {}),
      ...(options.timeoutSeconds !== undefined ? { timeout: options.timeoutSeconds } : {}),
    }),
    text: xmlCharactersOnly(options.to),
  });
}

export function sayThenHangUpTwiml(text: string): string {
  return twimlDocument(say(text), HANG_UP);
}

/**
 * A blocked caller (docs/decisions/176): the call is refused before it is answered, so it is not billed and
 * never reaches the assistant; the caller's carrier plays its not-in-service message (Twilio's default reason,
 * `rejected`, which a dialler takes as a dead number), and the call ends as no-answer.
 */
export function rejectTwiml(): string {
  return twimlDocument({ name: 'Reject' });
}

export function hangUpTwiml(): string {
  return twimlDocument(HANG_UP);
}

/** Warm transfer: ring the manager (who first hears the whisper), for `timeout` seconds, then `action`. */
export function transferTwiml(options: {
  to: string;
  whisperUrl: string;
  actionUrl: string;
  timeoutSeconds: number;
  callerId?: string;
}): string {
  return twimlDocument({
    name: 'Dial',
    attributes: xmlSafeAttributes({
      action: options.actionUrl,
      method: 'POST',
      timeout: options.timeoutSeconds,
      callerId: options.callerId,
    }),
    children: [
      {
        name: 'Number',
        attributes: xmlSafeAttributes({ url: options.whisperUrl, method: 'POST' }),
        text: xmlCharactersOnly(options.to),
      },
    ],
  });
}

/** What the whisper URL answers: said to the manager only, before the calls are joined. */
export function whisperTwiml(text: string): string {
  return twimlDocument(say(text));
}
