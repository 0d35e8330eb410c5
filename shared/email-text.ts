/**
 * Text an owner controls that ends up in e-mails we send to other people (issue 10 §6): the referrer's
 * name in an invitation, the business name in a calendar share. It is made safe once, here, for both
 * the API and the UI's preview: no CR/LF (header injection through the subject), no bidirectional or
 * other control characters (text that reads differently from what it is), no links (phishing in our
 * name), collapsed whitespace and a length cap.
 */

/** Longest sender text kept in an e-mail (a business name or a person's name fits easily). */
export const EMAIL_TEXT_MAX_LENGTH = 80;

// Bidi embeddings/overrides/isolates and marks, zero-width characters, and every C0/C1 control.
const INVISIBLE_OR_CONTROL =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
/** scheme://…, www.…, and bare domains such as evil.example or evil.co/path, which mail clients link. */
const LINK_LIKE =
  /\b[a-z][a-z0-9+.-]*:\/\/\S*|\bwww\.\S*|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:[/:?#]\S*)?(?=$|[\s,;!)\]]|\.(?:\s|$))/gi;
/** An e-mail address is a link too (mailto:), and must not pose as a reply-to. */
const EMAIL_LIKE = /\S+@\S+/g;

/** Sender text safe for an e-mail; '' when nothing is left (the caller falls back to its default). */
export function sanitizeEmailText(value: string, maxLength = EMAIL_TEXT_MAX_LENGTH): string {
  const cleaned = value
    .normalize('NFC')
    .replace(/[\r\n\t\u2028\u2029]+/g, ' ')
    .replace(INVISIBLE_OR_CONTROL, '')
    .replace(EMAIL_LIKE, ' ')
    .replace(LINK_LIKE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // Cut on a code point boundary, never between the halves of a surrogate pair.
  return Array.from(cleaned).slice(0, maxLength).join('').trim();
}
