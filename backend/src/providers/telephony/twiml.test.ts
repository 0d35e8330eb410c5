import { describe, expect, it } from 'vitest';
import { messagesInTwiml, messagingResponse } from './twiml';

describe('messaging TwiML', () => {
  it('wraps each reply in a <Message>, escaping XML', () => {
    const twiml = messagingResponse(['Hours: 9 < 5 & "late" Fridays', "It's booked"]);
    expect(twiml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Hours: 9 &lt; 5 &amp; &quot;late&quot; Fridays</Message><Message>It&apos;s booked</Message></Response>',
    );
    expect(messagesInTwiml(twiml)).toEqual(['Hours: 9 < 5 & "late" Fridays', "It's booked"]);
  });

  it('sends nothing for no replies or blank ones', () => {
    expect(messagingResponse([])).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(messagesInTwiml(messagingResponse(['  ']))).toEqual([]);
  });

  it('cuts a reply to one SMS worth', () => {
    const [only] = messagesInTwiml(messagingResponse(['a '.repeat(2000)]));
    expect(only!.length).toBeLessThanOrEqual(1600);
  });
});
