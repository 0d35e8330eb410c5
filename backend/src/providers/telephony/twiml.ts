import { capSmsBody } from '@shared/sms';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) =>
    char === '<'
      ? '&lt;'
      : char === '>'
        ? '&gt;'
        : char === '&'
          ? '&amp;'
          : char === "'"
            ? '&apos;'
            : '&quot;',
  );

/**
 * Messaging TwiML: one <Message> per reply text (each cut to what one SMS can carry); no texts is an empty
 * <Response/>, which Twilio takes as "send nothing".
 */
export function messagingResponse(replies: readonly string[]): string {
  const messages = replies
    .filter((text) => text.trim().length > 0)
    .map((text) => `<Message>${escapeXml(capSmsBody(text))}</Message>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${messages}</Response>`;
}

/** The <Message> texts of a TwiML response (the local telephony provider reads our replies with it). */
export function messagesInTwiml(twiml: string): string[] {
  const unescape = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&apos;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  return [...twiml.matchAll(/<Message(?:\s[^>]*)?>([\s\S]*?)<\/Message>/g)].map((m) => unescape(m[1] ?? ''));
}
