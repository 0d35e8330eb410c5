/**
 * Characters XML 1.0 cannot carry at all, escaped or not: C0 controls other than tab, newline and carriage
 * return, U+FFFE/U+FFFF, and a surrogate without its pair (what `capSmsBody` leaves when its cut falls inside
 * an emoji). Twilio's TwiML builder throws on them in text and writes them unchecked into attributes, so a
 * stray control character from a model's reply or an owner's greeting would fail the webhook, or send Twilio a
 * document it cannot parse; they are dropped instead (docs/decisions/167-twiml-builders.md).
 */
const NOT_XML_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- the control characters are what this removes
  /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const xmlCharactersOnly = (text: string) => text.replace(NOT_XML_CHARACTERS, '');

/** An attribute set with every string cleaned; other values (numbers, booleans, undefined) as they are. */
export function xmlSafeAttributes<T extends object>(attributes: T): T {
  return Object.fromEntries(
    Object.entries(attributes).map(([name, value]) => [
      name,
      typeof value === 'string' ? xmlCharactersOnly(value) : value,
    ]),
  ) as T;
}
