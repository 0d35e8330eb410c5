const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => `&${({ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' } as const)[char as '<']};`,
  );

const attributes = (values: Record<string, string | number | boolean | undefined>) =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join('');

const response = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><Response>${body}</Response>`;

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
};

/** Voice TwiML: the caller talks to the assistant through ConversationRelay; interruptions and DTMF on. */
export function connectRelayTwiml(options: RelayTwiml): string {
  const parameters = Object.entries(options.parameters)
    .map(([name, value]) => `<Parameter${attributes({ name, value })}/>`)
    .join('');
  const relay = attributes({
    url: options.relayUrl,
    welcomeGreeting: options.welcomeGreeting,
    language: options.language,
    ttsProvider: options.ttsProvider,
    voice: options.voice,
    interruptible: 'any',
    dtmfDetection: true,
  });
  return response(
    `<Connect${attributes({ action: options.actionUrl, method: 'POST' })}><ConversationRelay${relay}>${parameters}</ConversationRelay></Connect>`,
  );
}

/** A short spoken message, then the caller is connected to a number (the lapsed owner's own line). */
export function sayThenDialTwiml(say: string, to: string | undefined): string {
  return response(`<Say>${escapeXml(say)}</Say>${to ? `<Dial>${escapeXml(to)}</Dial>` : '<Hangup/>'}`);
}

export function sayThenHangUpTwiml(say: string): string {
  return response(`<Say>${escapeXml(say)}</Say><Hangup/>`);
}

export const hangUpTwiml = () => response('<Hangup/>');

/** Warm transfer: ring the manager (who first hears the whisper), for `timeout` seconds, then `action`. */
export function transferTwiml(options: {
  to: string;
  whisperUrl: string;
  actionUrl: string;
  timeoutSeconds: number;
  callerId?: string;
}): string {
  const dial = attributes({
    action: options.actionUrl,
    method: 'POST',
    timeout: options.timeoutSeconds,
    callerId: options.callerId,
  });
  return response(
    `<Dial${dial}><Number${attributes({ url: options.whisperUrl, method: 'POST' })}>${escapeXml(options.to)}</Number></Dial>`,
  );
}

/** What the whisper URL answers: said to the manager only, before the calls are joined. */
export const whisperTwiml = (text: string) => response(`<Say>${escapeXml(text)}</Say>`);

/** Reads a TwiML document's verbs back (the local telephony provider plays Twilio's part with it). */
export function readVoiceTwiml(twiml: string) {
  const attr = (tag: string, name: string) => {
    const match = new RegExp(`<${tag}\\s[^>]*\\b${name}="([^"]*)"`).exec(twiml);
    return match ? unescapeXml(match[1]!) : undefined;
  };
  const text = (tag: string) => {
    const match = new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`).exec(twiml);
    return match ? unescapeXml(match[1]!) : undefined;
  };
  const parameters: Record<string, string> = {};
  for (const m of twiml.matchAll(/<Parameter\s+name="([^"]*)"\s+value="([^"]*)"\/>/g))
    parameters[unescapeXml(m[1]!)] = unescapeXml(m[2]!);
  return {
    say: text('Say'),
    dial: text('Dial') ?? text('Number'),
    dialAction: attr('Dial', 'action'),
    dialTimeout: attr('Dial', 'timeout'),
    whisperUrl: attr('Number', 'url'),
    relay: twiml.includes('<ConversationRelay')
      ? {
          url: attr('ConversationRelay', 'url')!,
          welcomeGreeting: attr('ConversationRelay', 'welcomeGreeting') ?? '',
          language: attr('ConversationRelay', 'language'),
          voice: attr('ConversationRelay', 'voice'),
          interruptible: attr('ConversationRelay', 'interruptible'),
          dtmfDetection: attr('ConversationRelay', 'dtmfDetection'),
          action: attr('Connect', 'action'),
          parameters,
        }
      : undefined,
    hangUp: twiml.includes('<Hangup/>'),
  };
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
