import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { relayOutgoingSchema } from '../../shared/voice-relay-messages';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/platform/config/env';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/local/twilio/local-sms-delivery';
import { readVoiceTwiml } from '../../backend/src/providers/telephony/twiml-reader';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { formatTable, goalMark } from '../report';
import { percentile, round } from '../stats';
import { zonedInstant } from '../../shared/receptionist/business-time';
import { LOCAL_CALL_TIME_HEADER } from '../../backend/src/local/twilio/local-call-clock';
import { withAssistantLine } from './assistant-line-stack';

/** What callers say to a salon, in the order a short call goes. */
const CALL = ['Hi, are you open on Saturday?', 'How much is a haircut?', 'Where are you located?', 'Thanks!'];
const WARMUP = 3;

export type Percentiles = { p50: number; p99: number; max: number };
/** p50, p99 (nearest rank) and max of unsorted samples, rounded for the results file. */
export const summary = (samples: number[]): Percentiles => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1)!),
  };
};

export type GreetingFigure = {
  measuredAt: string;
  request: string;
  calls: number;
  /** Signed voice webhook sent → ConversationRelay TwiML received. Goal: p50 ≤ 30 ms here. */
  twimlMs: Percentiles;
  /**
   * The same in after-hours-only mode, the call placed at 21:00 on a weekday on the business's clock (the
   * opening-hours rule and the next-open-day greeting run; docs/decisions/173-answer-modes.md).
   */
  afterHoursTwimlMs: Percentiles;
  method: string;
};
export type VoiceTurnFigure = {
  measuredAt: string;
  request: string;
  calls: number;
  prompts: number;
  /** Final `prompt` sent → first non-empty `text` token received. Goal: p50 ≤ 100 ms here. */
  firstTokenMs: Percentiles;
  /** … → the reply's `last` token. */
  lastTokenMs: Percentiles;
  method: string;
};

/** One signed incoming-call webhook; returns the elapsed time and the TwiML's relay. */
export async function answerCall(apiUrl: string, assistantNumber: string, index: number, callTime?: Date) {
  const url = `${apiUrl}/webhooks/twilio/voice`;
  const form = {
    CallSid: `CA${randomBytes(16).toString('hex')}`,
    AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
    From: `+1628555${String(1000 + index).padStart(4, '0')}`,
    To: assistantNumber,
  };
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': signTwilioRequest(LOCAL_TWILIO_AUTH_TOKEN, url, form),
      ...(callTime ? { [LOCAL_CALL_TIME_HEADER]: callTime.toISOString() } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  const twiml = readVoiceTwiml(text);
  if (response.status !== 200 || !twiml.relay) {
    throw new Error(`call ${index} answered ${response.status} without a relay: ${text.slice(0, 300)}`);
  }
  return { elapsed, relay: twiml.relay, callSid: form.CallSid };
}

/** The relay socket as Twilio opens it: the signed handshake, then `setup` with the TwiML's parameters. */
export async function openRelay(call: Awaited<ReturnType<typeof answerCall>>): Promise<WebSocket> {
  const socket = new WebSocket(call.relay.url, {
    headers: { 'X-Twilio-Signature': signTwilioRequest(LOCAL_TWILIO_AUTH_TOKEN, call.relay.url, {}) },
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(
    JSON.stringify({
      type: 'setup',
      sessionId: 'VXbench',
      callSid: call.callSid,
      customParameters: call.relay.parameters,
    }),
  );
  return socket;
}

/** A call as Twilio carries it: signed handshake, setup, then each line timed to its first and last token. */
async function talk(call: Awaited<ReturnType<typeof answerCall>>) {
  const socket = await openRelay(call);
  const timings: Array<{ first: number; last: number }> = [];
  try {
    for (const line of CALL) {
      const started = performance.now();
      const timing = await new Promise<{ first: number; last: number }>((resolve, reject) => {
        let first: number | undefined;
        const timer = setTimeout(() => reject(new Error(`no reply to "${line}" within 10 s`)), 10_000);
        const onMessage = (data: WebSocket.RawData) => {
          const message = relayOutgoingSchema.parse(JSON.parse(data.toString()));
          if (message.type !== 'text') return reject(new Error(`unexpected ${data.toString()}`));
          if (message.token && first === undefined) first = performance.now() - started;
          if (message.last) {
            clearTimeout(timer);
            socket.off('message', onMessage);
            resolve({ first: first ?? performance.now() - started, last: performance.now() - started });
          }
        };
        socket.on('message', onMessage);
        socket.send(JSON.stringify({ type: 'prompt', voicePrompt: line, lang: 'en-US', last: true }));
      });
      timings.push(timing);
    }
  } finally {
    socket.close();
  }
  return timings;
}

/**
 * `greeting_ms` and `voice_turn`: a phone call as Twilio makes it, against backend/src/entry/server.ts (the HTTP
 * app and the local relay socket) in its own process, DynamoDB Local and the local engine. `greeting_ms`
 * times the signed voice webhook → ConversationRelay TwiML (conversation created, greeting from the cache
 * after the first call); `voice_turn` times each final prompt → the first text token over the WebSocket,
 * four lines a call, one call at a time.
 */
export async function measureVoiceCalls(
  settings: { calls: number },
  log: (line: string) => void,
): Promise<{ greeting: GreetingFigure; turn: VoiceTurnFigure }> {
  return withAssistantLine(
    { tableName: 'bench-voice', server: 'backend/src/entry/server.ts', log },
    async ({ apiUrl, assistantNumber, updateConfig }) => {
      log(`warming up with ${WARMUP} calls…`);
      for (let i = 0; i < WARMUP; i++) await talk(await answerCall(apiUrl, assistantNumber, i));
      const greetings: number[] = [];
      const firsts: number[] = [];
      const lasts: number[] = [];
      log(`placing ${settings.calls} calls of ${CALL.length} lines, one after another…`);
      for (let i = 0; i < settings.calls; i++) {
        const call = await answerCall(apiUrl, assistantNumber, WARMUP + i);
        greetings.push(call.elapsed);
        for (const timing of await talk(call)) {
          firsts.push(timing.first);
          lasts.push(timing.last);
        }
      }
      // After hours only: the same calls at 21:00 on a Tuesday in the business's zone (the local phone's
      // "call as if at"), so the greeting names the next open day.
      await updateConfig({ answer_mode: 'after_hours', time_zone: 'America/Los_Angeles' });
      const evening = zonedInstant(
        { year: 2026, month: 12, day: 1, hour: 21, minute: 0 },
        'America/Los_Angeles',
      );
      const afterHours: number[] = [];
      log(`placing ${settings.calls} calls in after-hours-only mode…`);
      for (let i = 0; i < WARMUP + settings.calls; i++) {
        const call = await answerCall(apiUrl, assistantNumber, 2 * WARMUP + settings.calls + i, evening);
        if (!call.relay.welcomeGreeting.includes("we're closed")) {
          throw new Error(`after-hours call ${i} was greeted with: ${call.relay.welcomeGreeting}`);
        }
        if (i >= WARMUP) afterHours.push(call.elapsed);
      }
      const measuredAt = new Date().toISOString();
      const method =
        'sequential, from the bench process to backend/src/entry/server.ts (tsx) over HTTP and ws';
      return {
        greeting: {
          measuredAt,
          request:
            'POST /webhooks/twilio/voice (signed) → <Connect><ConversationRelay> TwiML, DynamoDB Local',
          calls: greetings.length,
          twimlMs: summary(greetings),
          afterHoursTwimlMs: summary(afterHours),
          method,
        },
        turn: {
          measuredAt,
          request: 'relay socket (signed handshake, setup) prompt → first text token, local engine',
          calls: settings.calls,
          prompts: firsts.length,
          firstTokenMs: summary(firsts),
          lastTokenMs: summary(lasts),
          method,
        },
      };
    },
  );
}

/** Issue 11's goals, on this machine. */
export const VOICE_GOALS = { greetingP50Ms: 30, firstTokenP50Ms: 100 } as const;
const goal = (value: number, limit: number) => `p50 ≤ ${limit} ms ${goalMark(value <= limit)}`;

export const formatGreeting = (figure: GreetingFigure) =>
  formatTable([
    ['greeting_ms', 'p50', 'p99', 'max', 'goal'],
    [
      `${figure.calls} calls: webhook → TwiML`,
      `${figure.twimlMs.p50} ms`,
      `${figure.twimlMs.p99} ms`,
      `${figure.twimlMs.max} ms`,
      goal(figure.twimlMs.p50, VOICE_GOALS.greetingP50Ms),
    ],
    [
      `${figure.calls} calls, after hours only`,
      `${figure.afterHoursTwimlMs.p50} ms`,
      `${figure.afterHoursTwimlMs.p99} ms`,
      `${figure.afterHoursTwimlMs.max} ms`,
      goal(figure.afterHoursTwimlMs.p50, VOICE_GOALS.greetingP50Ms),
    ],
  ]);

export const formatVoiceTurn = (figure: VoiceTurnFigure) =>
  formatTable([
    ['voice_turn', 'p50', 'p99', 'max', 'goal'],
    [
      `${figure.prompts} prompts: first token`,
      `${figure.firstTokenMs.p50} ms`,
      `${figure.firstTokenMs.p99} ms`,
      `${figure.firstTokenMs.max} ms`,
      goal(figure.firstTokenMs.p50, VOICE_GOALS.firstTokenP50Ms),
    ],
    [
      'last token',
      `${figure.lastTokenMs.p50} ms`,
      `${figure.lastTokenMs.p99} ms`,
      `${figure.lastTokenMs.max} ms`,
      '',
    ],
  ]);
