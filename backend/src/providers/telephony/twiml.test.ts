import { describe, expect, it } from 'vitest';
import { SMS_MAX_BODY_CHARS } from '@shared/sms';
import { messagingResponse } from './twiml';
import { messagesInTwiml, parseTwiml } from './twiml-reader';

describe('messaging TwiML', () => {
  it('wraps each reply in a <Message>, escaping XML', () => {
    const twiml = messagingResponse(['Hours: 9 < 5 & "late" Fridays', "It's booked"]);
    expect(twiml.startsWith('<?xml version="1.0" encoding="UTF-8"?><Response>')).toBe(true);
    // The hand-written builder's document, compared as XML: the library leaves " and ' literal in text.
    expect(parseTwiml(twiml)).toEqual(
      parseTwiml(
        '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Hours: 9 &lt; 5 &amp; &quot;late&quot; Fridays</Message><Message>It&apos;s booked</Message></Response>',
      ),
    );
    expect(twiml).toContain('<Message>Hours: 9 &lt; 5 &amp; "late" Fridays</Message>');
    expect(messagesInTwiml(twiml)).toEqual(['Hours: 9 < 5 & "late" Fridays', "It's booked"]);
  });

  it('sends nothing for no replies or blank ones', () => {
    expect(parseTwiml(messagingResponse([]))).toEqual(
      parseTwiml('<?xml version="1.0" encoding="UTF-8"?><Response></Response>'),
    );
    expect(messagesInTwiml(messagingResponse(['  ']))).toEqual([]);
    expect(messagesInTwiml(messagingResponse(['\u0007\u0000']))).toEqual([]);
  });

  it('cuts a reply to one SMS worth', () => {
    const [only] = messagesInTwiml(messagingResponse(['a '.repeat(2000)]));
    expect(only!.length).toBeLessThanOrEqual(1600);
  });

  it('escapes markup in a business name and survives what XML cannot carry', () => {
    const reply = `Thanks for texting Tom & Jerry's <b>"Best"</b> > Cuts!\u0008`;
    const twiml = messagingResponse([reply]);
    expect(twiml).toContain(
      '<Message>Thanks for texting Tom &amp; Jerry\'s &lt;b&gt;"Best"&lt;/b&gt; &gt; Cuts!</Message>',
    );
    expect(messagesInTwiml(twiml)).toEqual([reply.replace('\u0008', '')]);
    // The cut falls inside an emoji: its lone half is dropped rather than failing the webhook.
    const emojis = messagingResponse(['😀'.repeat(SMS_MAX_BODY_CHARS)]);
    const [cut] = messagesInTwiml(emojis);
    expect(cut).toMatch(/^(?:😀)+…$/u);
  });
});
