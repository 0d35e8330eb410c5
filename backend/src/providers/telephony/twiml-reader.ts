/**
 * Reads TwiML back: the local telephony provider plays Twilio's part with it (the replies of a delivered
 * text, the verbs of a call), and tests read our answers with it. A real reader of the XML the builders
 * write, not patterns over one serialization: Twilio's builder leaves `>` and `'` unescaped inside attribute
 * values and writes `<Response/>` when empty, and both are XML like any other
 * (docs/decisions/167-twiml-builders.md).
 */
export type TwimlElement = {
  name: string;
  attributes: Record<string, string>;
  children: TwimlElement[];
  /** The element's own text (its children's excluded), entities decoded. */
  text: string;
};

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The one decoder of XML's character references: the five named entities and `&#…;` / `&#x…;`. */
function decodeXml(text: string): string {
  return text.replace(
    /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|([a-z]+));/g,
    (whole, hex?: string, dec?: string, name?: string) => {
      if (hex !== undefined) return String.fromCodePoint(parseInt(hex, 16));
      if (dec !== undefined) return String.fromCodePoint(parseInt(dec, 10));
      const named = ENTITIES[name!];
      if (named === undefined) throw new Error(`TwiML: unknown entity ${whole}`);
      return named;
    },
  );
}

const NAME = '[A-Za-z_][\\w.:-]*';
/** One token at a time from where the last ended (sticky): a stray `<` cannot be skipped over. */
const TOKEN = new RegExp(
  [
    '<\\?[\\s\\S]*?\\?>', // the XML declaration
    '<!--[\\s\\S]*?-->',
    `</(${NAME})\\s*>`,
    `<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>`,
    '([^<]+)',
  ].join('|'),
  'y',
);
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g');

/** The document's root element (<Response>). Throws on anything that is not well-formed. */
export function parseTwiml(xml: string): TwimlElement {
  const root: TwimlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const open: TwimlElement[] = [root];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < xml.length) {
    const at = TOKEN.lastIndex;
    const token = TOKEN.exec(xml);
    if (!token) throw new Error(`TwiML: not well-formed at ${at}: ${xml.slice(at, at + 40)}`);
    const [, closing, opening, attributeText, selfClosing, text] = token;
    const current = open.at(-1)!;
    if (text !== undefined) {
      if (current === root && text.trim()) throw new Error('TwiML: text outside the root element');
      current.text += decodeXml(text);
    } else if (opening !== undefined) {
      const attributes: Record<string, string> = {};
      for (const [, name, double, single] of attributeText!.matchAll(ATTRIBUTE)) {
        attributes[name!] = decodeXml(double ?? single ?? '');
      }
      const element: TwimlElement = { name: opening, attributes, children: [], text: '' };
      current.children.push(element);
      if (!selfClosing) open.push(element);
    } else if (closing !== undefined) {
      if (closing !== current.name) throw new Error(`TwiML: </${closing}> closes <${current.name}>`);
      open.pop();
    }
  }
  if (open.length !== 1) throw new Error(`TwiML: <${open.at(-1)!.name}> is never closed`);
  const [document] = root.children;
  if (!document || root.children.length !== 1) throw new Error('TwiML: expected one root element');
  return document;
}

/** Every element of the tree in document order, the root first. */
function* elements(element: TwimlElement): Generator<TwimlElement> {
  yield element;
  for (const child of element.children) yield* elements(child);
}

const first = (root: TwimlElement, name: string) => {
  for (const element of elements(root)) if (element.name === name) return element;
  return undefined;
};

/** The <Message> texts of a messaging TwiML response, in order. */
export function messagesInTwiml(twiml: string): string[] {
  return [...elements(parseTwiml(twiml))].filter((e) => e.name === 'Message').map((e) => e.text);
}

const rejectReasonOf = (reject: TwimlElement | undefined): 'rejected' | 'busy' | undefined =>
  reject ? (reject.attributes.reason === 'busy' ? 'busy' : 'rejected') : undefined;

/** A voice TwiML document's verbs, as the local telephony provider follows them. */
export function readVoiceTwiml(twiml: string) {
  const root = parseTwiml(twiml);
  const text = (name: string) => first(root, name)?.text;
  const attribute = (name: string, attributeName: string) => first(root, name)?.attributes[attributeName];
  const relay = first(root, 'ConversationRelay');
  const parameters: Record<string, string> = {};
  for (const parameter of relay ? elements(relay) : []) {
    if (parameter.name === 'Parameter' && parameter.attributes.name !== undefined)
      parameters[parameter.attributes.name] = parameter.attributes.value ?? '';
  }
  const dialed = text('Dial')?.trim();
  const recording = first(root, 'Start') && first(root, 'Recording');
  return {
    /** <Start><Recording>: the call is recorded from here on, with its status callback and channels. */
    recording: recording
      ? {
          statusCallback: recording.attributes.recordingStatusCallback,
          events: (recording.attributes.recordingStatusCallbackEvent ?? 'completed').split(/\s+/),
          channels: recording.attributes.channels ?? 'mono',
        }
      : undefined,
    say: text('Say'),
    // A <Dial> to a bare number holds it as text; a transfer names it in a <Number> (with its whisper URL).
    dial: dialed ? dialed : text('Number'),
    dialAction: attribute('Dial', 'action'),
    dialTimeout: attribute('Dial', 'timeout'),
    whisperUrl: attribute('Number', 'url'),
    relay: relay
      ? {
          url: relay.attributes.url!,
          welcomeGreeting: relay.attributes.welcomeGreeting ?? '',
          language: relay.attributes.language,
          voice: relay.attributes.voice,
          interruptible: relay.attributes.interruptible,
          dtmfDetection: relay.attributes.dtmfDetection,
          action: attribute('Connect', 'action'),
          parameters,
          languages: [...elements(relay)]
            .filter((element) => element.name === 'Language')
            .map((element) => element.attributes),
        }
      : undefined,
    hangUp: first(root, 'Hangup') !== undefined,
    /** <Reject>'s reason ('rejected' when unsaid): the call is refused unanswered; undefined without one. */
    reject: rejectReasonOf(first(root, 'Reject')),
  };
}
