import { describe, expect, it } from 'vitest';
import { messagesInTwiml, parseTwiml, readVoiceTwiml } from './twiml-reader';

describe('TwiML reader', () => {
  it('reads elements, attributes and text, decoding every character reference', () => {
    const root = parseTwiml(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Response><!-- a note --><Say voice='alice' note="a > b 'c' &quot;d&quot;">Tom &amp; Jerry&apos;s &lt;b&gt; &#169; &#x1F600;&#xD;</Say><Hangup/></Response>\n`,
    );
    expect(root).toEqual({
      name: 'Response',
      attributes: {},
      text: '',
      children: [
        {
          name: 'Say',
          attributes: { voice: 'alice', note: `a > b 'c' "d"` },
          children: [],
          text: "Tom & Jerry's <b> © 😀\r",
        },
        { name: 'Hangup', attributes: {}, children: [], text: '' },
      ],
    });
  });

  it('reads a transfer and a relay, whatever the attribute values hold', () => {
    const read = readVoiceTwiml(
      '<Response><Connect action="https://x/after?c=1&amp;d=2"><ConversationRelay url="wss://x/relay" welcomeGreeting="1 > 0 &lt;3" language="en-US"><Parameter name="conversationId" value="c1"/><Parameter name="a&amp;b" value=""/></ConversationRelay></Connect></Response>',
    );
    expect(read.relay).toEqual({
      url: 'wss://x/relay',
      welcomeGreeting: '1 > 0 <3',
      language: 'en-US',
      voice: undefined,
      interruptible: undefined,
      dtmfDetection: undefined,
      action: 'https://x/after?c=1&d=2',
      parameters: { conversationId: 'c1', 'a&b': '' },
      languages: [],
    });
    expect(read).toMatchObject({ say: undefined, dial: undefined, hangUp: false });
    expect(messagesInTwiml('<Response/>')).toEqual([]);
  });

  it('refuses what is not well-formed XML', () => {
    for (const broken of [
      '<Response><Say>Hi</Dial></Response>',
      '<Response><Say>Hi</Say>',
      '<Response><Say>1 < 2</Say></Response>',
      '<Response><Say>&nbsp;</Say></Response>',
      '<Response/><Response/>',
      'hello <Response/>',
      '',
    ]) {
      expect(() => parseTwiml(broken), broken).toThrow(/TwiML/);
    }
  });
});
