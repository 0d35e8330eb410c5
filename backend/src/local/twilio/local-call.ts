import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { RELAY_LANGUAGE } from '@shared/voice-relay';
import { relayOutgoingSchema } from '@shared/voice-relay-messages';
import type { LocalTwilioAccount } from './local-account';
import { LOCAL_TWILIO_ACCOUNT_SID, UnknownLocalNumberError } from './local-sms-delivery';
import { readVoiceTwiml } from '../../providers/telephony/twiml-reader';
import { signTwilioRequest } from '../../providers/telephony/webhook-signature';
import { LOCAL_CALL_TIME_HEADER } from './local-call-clock';
import type { LocalCallRecorder, RecordedTurn } from './local-call-recorder';

/** What the person on the local phone page sees and hears of the call. */
export type LocalCallEvent =
  /** A <Say> of the TwiML (the lapsed owner's forward, an unknown number). */
  | { type: 'say'; text: string }
  /** The assistant speaking: the welcome greeting (one token, last) or the relay's text tokens. */
  | { type: 'assistant'; token: string; last: boolean }
  /** The relay switched what it transcribes and speaks (a ConversationRelay `language` message). */
  | { type: 'language'; code: string }
  /** <Dial> to the business's own line: the call is with the business now (simulated). */
  | { type: 'forwarded'; to: string }
  /**
   * Ring me first: the business's own phone rings (docs/decisions/173-answer-modes.md); the page answers
   * it, declines it (busy) or lets it ring out after `timeoutSeconds`.
   */
  | { type: 'business_ringing'; to: string; timeoutSeconds: number }
  | { type: 'business_connected'; to: string }
  /** A warm transfer rings the manager's line; the page answers it or lets it ring out. */
  | { type: 'manager_ringing'; to: string; whisper: string; timeoutSeconds: number }
  | { type: 'manager_connected'; to: string }
  /** <Reject>: the call was refused unanswered (a number the business blocked, docs/decisions/176). */
  | { type: 'rejected' }
  | { type: 'ended'; reason: string };

export type LocalCallOptions = {
  account: Pick<LocalTwilioAccount, 'getNumber'>;
  authToken: string;
  /** Sends a webhook request to our own app, as Twilio would over HTTPS. */
  dispatch: (request: Request) => Promise<Response>;
  from: string;
  to: string;
  /**
   * A call to the business line that its carrier forwarded to the assistant number: Twilio then sends the
   * forwarding line as ForwardedFrom (docs/decisions/172-forwarding.md).
   */
  forwardedFrom?: string;
  onEvent: (event: LocalCallEvent) => void;
  now?: () => number;
  /** Place the call "as if at" this moment (local-call-clock.ts); absent: now. */
  callTime?: Date;
  /**
   * How long a line rings before a <Dial timeout> gives up, in ms: the TwiML's seconds, as Twilio waits, by
   * default; tests shorten it.
   */
  ringMs?: (timeoutSeconds: number) => number;
  /**
   * The caller hangs up as the call is answered, before the assistant's greeting (the relay never connects):
   * the missed call the text-back is for (docs/decisions/176).
   */
  hangUpBeforeGreeting?: boolean;
  /**
   * Records the call when its TwiML says <Start><Recording> (docs/decisions/184-call-recordings.md);
   * without one such TwiML is followed but nothing is recorded, and the callback reports `failed`.
   */
  recorder?: Pick<LocalCallRecorder, 'finish'>;
};

type DialStatus = 'completed' | 'no-answer' | 'busy';
const sid = (prefix: 'CA' | 'VX' | 'RE') => `${prefix}${randomBytes(16).toString('hex')}`;
/** Twilio answers a Dial that nobody picks up after this long unless the TwiML says otherwise. */
const DEFAULT_DIAL_TIMEOUT_SECONDS = 30;

/**
 * One inbound call placed by the local telephony provider, behaving as Twilio does towards our app: the
 * signed voice webhook is POSTed to the number's voice URL and its TwiML followed. <ConversationRelay> opens
 * the relay socket with X-Twilio-Signature over its URL and sends `setup` with the TwiML's parameters; the
 * person's words go as final `prompt`s; the relay's `end` POSTs the <Connect action> with HandoffData.
 * <Dial> with a whisper URL rings the manager (answered or not by the person, else it times out) and POSTs
 * the <Dial action> with DialCallStatus; a plain <Dial> forwards the call. Hanging up POSTs the number's call
 * status callback with the duration.
 */
export async function startLocalCall(options: LocalCallOptions) {
  const number = await options.account.getNumber(options.to);
  if (!number) throw new UnknownLocalNumberError(`${options.to} is not a number of the local account`);
  const now = options.now ?? Date.now;
  const callSid = sid('CA');
  const startedAt = now();
  let relay: WebSocket | undefined;
  /** The language the relay transcribes in: the TwiML's, until a `language` message switches it. */
  let language = RELAY_LANGUAGE;
  /** The line a <Dial> rings; `canceledAction`: the business line's <Dial action>, told if the caller hangs up. */
  let ringing: { resolve: (status: DialStatus) => void; canceledAction?: string | undefined } | undefined;
  /** A <Dial action> still to report when the call ends (the manager's leg is up), and when it was bridged. */
  let connectedDial: { action: string; bridgedAt: number } | undefined;
  let ended = false;
  /** Messages for a relay socket still opening. */
  const pending: string[] = [];
  /** The call's recording once a <Start><Recording> began it: what was said, in order. */
  let recording:
    | { sid: string; statusCallback?: string; events: string[]; startedAt: number; turns: RecordedTurn[] }
    | undefined;
  /** The assistant's reply being spoken, token by token, until its last. */
  let assistantReply = '';
  const recordTurn = (speaker: RecordedTurn['speaker'], text: string) =>
    recording?.turns.push({ speaker, text, languageCode: language });

  const post = async (url: string, params: Record<string, string>) => {
    // Twilio posts the call's own From and To with every request about it, action callbacks included.
    const form = {
      AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
      CallSid: callSid,
      From: options.from,
      To: options.to,
      ...params,
    };
    const response = await options.dispatch(
      new Request(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Twilio-Signature': signTwilioRequest(options.authToken, url, form),
          'User-Agent': 'TwilioProxy/1.1',
          ...(options.callTime ? { [LOCAL_CALL_TIME_HEADER]: options.callTime.toISOString() } : {}),
        },
        body: new URLSearchParams(form).toString(),
      }),
    );
    const text = await response.text();
    if (!response.ok) throw new Error(`Webhook ${new URL(url).pathname} answered ${response.status}`);
    return text;
  };

  /** Ends the call; Twilio's final status is `completed` unless the call was never answered. */
  async function end(reason: string, callStatus: 'completed' | 'busy' | 'no-answer' = 'completed') {
    if (ended) return;
    ended = true;
    relay?.close();
    const canceledAction = ringing?.canceledAction;
    ringing?.resolve('no-answer');
    try {
      // The caller hung up while the business line rang: Twilio posts the <Dial action> with `canceled`
      // (its TwiML is not followed). The manager's transfer keeps its flow (its result says nothing then).
      if (canceledAction) await post(canceledAction, { DialCallStatus: 'canceled' }).catch(() => undefined);
      // As Twilio does: the dialled leg's connected seconds come with its completed status.
      if (connectedDial)
        await post(connectedDial.action, {
          DialCallStatus: 'completed',
          DialCallDuration: String(Math.round((now() - connectedDial.bridgedAt) / 1000)),
        });
      const duration = String(Math.round((now() - startedAt) / 1000));
      await post(number!.status_callback_url ?? `${number!.voice_url.split('?')[0]}/status`, {
        CallStatus: callStatus,
        CallDuration: callStatus === 'completed' ? duration : '0',
        From: options.from,
        To: options.to,
      });
      await finishRecording();
    } finally {
      options.onEvent({ type: 'ended', reason });
    }
  }

  /** Twilio's recording status callback, when the TwiML asked for this event. */
  async function reportRecording(status: string, fields: Record<string, string> = {}) {
    if (!recording?.statusCallback || !recording.events.includes(status)) return;
    // As at Twilio, a callback our app refuses never affects the call (Twilio notes it in its debugger).
    await post(recording.statusCallback, {
      RecordingSid: recording.sid,
      RecordingStatus: status,
      RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${LOCAL_TWILIO_ACCOUNT_SID}/Recordings/${recording.sid}`,
      RecordingStartTime: new Date(recording.startedAt).toUTCString(),
      RecordingSource: 'StartCallRecordingTWIML',
      RecordingTrack: 'both',
      ...fields,
    }).catch(() => undefined);
  }

  /** The call is over: its recording is rendered and kept, then reported completed (absent, or failed). */
  async function finishRecording() {
    if (!recording) return;
    let outcome: Awaited<ReturnType<LocalCallRecorder['finish']>>;
    try {
      if (!options.recorder) throw new Error('no recorder on this local line');
      outcome = await options.recorder.finish(recording.sid, recording.turns);
    } catch {
      return reportRecording('failed', { ErrorCode: '0' });
    }
    if (!outcome) return reportRecording('absent', { RecordingDuration: '0', RecordingChannels: '2' });
    await reportRecording('completed', {
      RecordingDuration: String(outcome.durationSeconds),
      RecordingChannels: String(outcome.channels),
    });
  }

  function openRelay(relayTwiml: NonNullable<ReturnType<typeof readVoiceTwiml>['relay']>) {
    // As Twilio does: the TwiML's language is the one the greeting is spoken and the caller transcribed in
    // (a remembered Spanish caller is greeted in Spanish, decision 174); the page hears it before the greeting.
    const opening = relayTwiml.language ?? RELAY_LANGUAGE;
    if (opening !== language) options.onEvent({ type: 'language', code: opening });
    language = opening;
    if (relayTwiml.welcomeGreeting) {
      recordTurn('assistant', relayTwiml.welcomeGreeting);
      options.onEvent({ type: 'assistant', token: relayTwiml.welcomeGreeting, last: true });
    }
    const socket = new WebSocket(relayTwiml.url, {
      headers: { 'X-Twilio-Signature': signTwilioRequest(options.authToken, relayTwiml.url, {}) },
    });
    relay = socket;
    let handoffData: string | undefined;
    socket.on('open', () => {
      socket.send(
        JSON.stringify({
          type: 'setup',
          sessionId: sid('VX'),
          callSid,
          accountSid: LOCAL_TWILIO_ACCOUNT_SID,
          from: options.from,
          to: options.to,
          direction: 'inbound',
          callStatus: 'in-progress',
          customParameters: relayTwiml.parameters,
        }),
      );
      // What the person said while the socket was opening follows the setup, in order.
      for (const message of pending.splice(0)) socket.send(message);
    });
    socket.on('message', (data) => {
      const parsed = relayOutgoingSchema.safeParse(JSON.parse(data.toString()));
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === 'text') {
        assistantReply += message.token;
        if (message.last) {
          recordTurn('assistant', assistantReply);
          assistantReply = '';
        }
        options.onEvent({ type: 'assistant', token: message.token, last: message.last });
      } else if (message.type === 'language') {
        // As Twilio does: later prompts are transcribed, and labelled, in the new language.
        language = message.transcriptionLanguage;
        options.onEvent({ type: 'language', code: message.ttsLanguage });
      } else {
        handoffData = message.handoffData;
        socket.close();
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (relay === socket) relay = undefined;
      if (ended) return;
      // The session ended: Twilio calls the <Connect action> and follows what it answers.
      if (!relayTwiml.action) return void end('relay closed');
      post(relayTwiml.action, { ...(handoffData ? { HandoffData: handoffData } : {}) })
        .then(follow)
        .catch(() => end('webhook failed'));
    });
  }

  /**
   * A <Dial> with an action: the line rings (the manager's for a transfer, with its whisper; the business's
   * own for ring me first) until the page answers or declines it, or it rings out after the TwiML's timeout;
   * then the action gets the DialCallStatus, as Twilio posts it.
   */
  async function ringLine(twiml: ReturnType<typeof readVoiceTwiml>) {
    const to = twiml.dial!;
    const manager = twiml.whisperUrl !== undefined;
    const whisper = twiml.whisperUrl
      ? (readVoiceTwiml(await post(twiml.whisperUrl, { ParentCallSid: callSid, CallSid: sid('CA') })).say ??
        '')
      : '';
    const timeoutSeconds = Number(twiml.dialTimeout ?? DEFAULT_DIAL_TIMEOUT_SECONDS);
    options.onEvent(
      manager
        ? { type: 'manager_ringing', to, whisper, timeoutSeconds }
        : { type: 'business_ringing', to, timeoutSeconds },
    );
    const ringFor = options.ringMs?.(timeoutSeconds) ?? timeoutSeconds * 1000;
    const status = await new Promise<DialStatus>((resolve) => {
      const timer = setTimeout(() => resolve('no-answer'), ringFor);
      ringing = {
        canceledAction: manager ? undefined : twiml.dialAction,
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
      };
    });
    ringing = undefined;
    if (ended) return;
    if (status === 'completed') {
      // Bridged to the manager; the <Dial action> is reported when the call ends, as Twilio does.
      connectedDial = twiml.dialAction ? { action: twiml.dialAction, bridgedAt: now() } : undefined;
      options.onEvent({ type: manager ? 'manager_connected' : 'business_connected', to });
      return;
    }
    if (twiml.dialAction) await follow(await post(twiml.dialAction, { DialCallStatus: status }));
    else await end('nobody answered');
  }

  async function follow(text: string) {
    if (ended) return;
    const twiml = readVoiceTwiml(text);
    if (twiml.reject) {
      // Refused unanswered: Twilio reports `busy` for reason="busy", else `no-answer`.
      options.onEvent({ type: 'rejected' });
      return end('rejected', twiml.reject === 'busy' ? 'busy' : 'no-answer');
    }
    if (twiml.recording && !recording) {
      // <Start><Recording>: Twilio records from here until the call ends, whatever TwiML follows.
      recording = {
        sid: sid('RE'),
        events: twiml.recording.events,
        startedAt: now(),
        turns: [],
        ...(twiml.recording.statusCallback ? { statusCallback: twiml.recording.statusCallback } : {}),
      };
      await reportRecording('in-progress');
    }
    if (twiml.say) {
      recordTurn('assistant', twiml.say);
      options.onEvent({ type: 'say', text: twiml.say });
    }
    if (twiml.relay && options.hangUpBeforeGreeting) return end('caller hung up before the greeting');
    if (twiml.relay) return openRelay(twiml.relay);
    // The line rings on while the call goes on (the caller can hang up meanwhile): not awaited here.
    if (twiml.dial && (twiml.whisperUrl || twiml.dialAction))
      return void ringLine(twiml).catch(() => end('webhook failed'));
    if (twiml.dial) return options.onEvent({ type: 'forwarded', to: twiml.dial });
    await end(twiml.say ? 'the line said goodbye' : 'hung up');
  }

  const sendToRelay = (message: unknown) => {
    if (relay?.readyState === WebSocket.OPEN) relay.send(JSON.stringify(message));
    else if (relay?.readyState === WebSocket.CONNECTING) pending.push(JSON.stringify(message));
  };

  await follow(
    await post(number.voice_url, {
      From: options.from,
      To: options.to,
      Called: options.to,
      ...(options.forwardedFrom ? { ForwardedFrom: options.forwardedFrom } : {}),
      CallStatus: 'ringing',
      Direction: 'inbound',
      ApiVersion: '2010-04-01',
    }),
  );

  return {
    callSid,
    /** The call's recording sid, once its TwiML started one. */
    get recordingSid() {
      return recording?.sid;
    },
    /** What the person said, as Twilio's speech recognition would deliver it. */
    say: (text: string) => {
      recordTurn('caller', text);
      sendToRelay({ type: 'prompt', voicePrompt: text, lang: language, last: true });
    },
    digit: (digit: string) => sendToRelay({ type: 'dtmf', digit }),
    /** The ringing line (the manager's, or the business's own) picks up. */
    answerManager: () => ringing?.resolve('completed'),
    letItRingOut: () => ringing?.resolve('no-answer'),
    /** The ringing line declines the call: Twilio reports it busy. */
    decline: () => ringing?.resolve('busy'),
    hangUp: () => end('caller hung up'),
    get ended() {
      return ended;
    },
  };
}
export type LocalCall = Awaited<ReturnType<typeof startLocalCall>>;
