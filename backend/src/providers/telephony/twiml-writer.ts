/**
 * The XML that Twilio's TwiML builder (twilio/lib/twiml, over xmlbuilder) writes, for the voice answers,
 * without loading it: the library and its XML builder are 77 KB whose first use on a cold telephony function
 * (read, compiled, source-mapped, evaluated) cost a caller's first ring about 15 ms of CPU
 * (docs/decisions/186-cold-start.md, session 40). Byte for byte the builder's output, which
 * twiml-writer.test.ts checks against the library for every voice answer: the XML declaration, attributes in
 * the order given, undefined ones left out, arrays joined with spaces, and xmlbuilder's escapes.
 */

type AttributeValue = string | number | boolean | readonly string[] | undefined;
export type TwimlAttributes = Record<string, AttributeValue>;
/** One element: its name, attributes, and either its text or its child elements. */
export type TwimlElement = {
  name: string;
  attributes?: TwimlAttributes;
  text?: string;
  children?: readonly TwimlElement[];
};

/** xmlbuilder's attEscape (its default, no double-encoding check). */
const attributeEscaped = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');

/** xmlbuilder's textEscape. */
const textEscaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');

function attributesOf(attributes: TwimlAttributes | undefined): string {
  let written = '';
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === undefined || value === null) continue;
    // As the builder's attValue: arrays space-separated, everything else as its string.
    const text = Array.isArray(value) ? value.join(' ') : String(value);
    written += ` ${name}="${attributeEscaped(text)}"`;
  }
  return written;
}

function elementOf(element: TwimlElement): string {
  const open = `<${element.name}${attributesOf(element.attributes)}`;
  // The builder writes an empty text as no text: `<Say/>`.
  if (element.text) return `${open}>${textEscaped(element.text)}</${element.name}>`;
  if (!element.children?.length) return `${open}/>`;
  return `${open}>${element.children.map(elementOf).join('')}</${element.name}>`;
}

/** A TwiML document: `<Response>` with these elements, as the builder's `toString()` writes it. */
export const twimlDocument = (...children: TwimlElement[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>${elementOf({ name: 'Response', children })}`;
