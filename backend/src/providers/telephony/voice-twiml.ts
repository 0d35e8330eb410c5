// The TwiML module alone, not the SDK's index: the REST client stays out of the telephony function's cold
// start (docs/decisions/167-twiml-builders.md), as webhook-signature.ts does for the webhooks module.
import VoiceResponse from 'twilio/lib/twiml/VoiceResponse';
import type { RelayLanguage } from '@shared/voice-relay';
import { xmlCharactersOnly, xmlSafeAttributes } from './twiml-characters';

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

/** Voice TwiML: the caller talks to the assistant through ConversationRelay; interruptions and DTMF on. */
export function connectRelayTwiml(options: RelayTwiml): string {
  const response = new VoiceResponse();
  if (options.recordingStatusCallback) {
    response.start().recording(
      xmlSafeAttributes({
        channels: 'dual',
        track: 'both',
        recordingStatusCallback: options.recordingStatusCallback,
        recordingStatusCallbackMethod: 'POST',
        recordingStatusCallbackEvent: ['in-progress', 'completed', 'absent'],
      } satisfies VoiceResponse.RecordingAttributes),
    );
  }
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
  for (const [name, value] of Object.entries(options.parameters)) {
    relay.parameter(xmlSafeAttributes({ name, value }));
  }
  return response.toString();
}

/** A short spoken message, then the caller is connected to a number (the lapsed owner's own line). */
export function sayThenDialTwiml(say: string, to: string | undefined): string {
  const response = new VoiceResponse();
  response.say(xmlCharactersOnly(say));
  if (to) response.dial(xmlCharactersOnly(to));
  else response.hangup();
  return response.toString();
}

/**
 * The call rings another line (the business's own phone). With `actionUrl`, Twilio posts the leg's
 * DialCallStatus there after `timeoutSeconds` or when it ends (ring me first); without, the call simply goes
 * there (after hours only, while open).
 */
export function dialTwiml(options: { to: string; timeoutSeconds?: number; actionUrl?: string }): string {
  const response = new VoiceResponse();
  response.dial(
    xmlSafeAttributes({
      ...(options.actionUrl ? { action: options.actionUrl, method: 'POST' } : {}),
      ...(options.timeoutSeconds !== undefined ? { timeout: options.timeoutSeconds } : {}),
    }),
    xmlCharactersOnly(options.to),
  );
  return response.toString();
}

export function sayThenHangUpTwiml(say: string): string {
  const response = new VoiceResponse();
  response.say(xmlCharactersOnly(say));
  response.hangup();
  return response.toString();
}

/**
 * A blocked caller (docs/decisions/176): the call is refused before it is answered, so it is not billed and
 * never reaches the assistant; the caller's carrier plays its not-in-service message (Twilio's default reason,
 * `rejected`, which a dialler takes as a dead number), and the call ends as no-answer.
 */
export function rejectTwiml(): string {
  const response = new VoiceResponse();
  response.reject();
  return response.toString();
}

export function hangUpTwiml(): string {
  const response = new VoiceResponse();
  response.hangup();
  return response.toString();
}

/** Warm transfer: ring the manager (who first hears the whisper), for `timeout` seconds, then `action`. */
export function transferTwiml(options: {
  to: string;
  whisperUrl: string;
  actionUrl: string;
  timeoutSeconds: number;
  callerId?: string;
}): string {
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
}

/** What the whisper URL answers: said to the manager only, before the calls are joined. */
export function whisperTwiml(text: string): string {
  const response = new VoiceResponse();
  response.say(xmlCharactersOnly(text));
  return response.toString();
}
