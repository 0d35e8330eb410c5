import { describe, expect, it } from 'vitest';
import { VOICE_TEXTS } from '@shared/voice-relay';
import { parseTwiml, readVoiceTwiml } from './twiml-reader';
import {
  connectRelayTwiml,
  hangUpTwiml,
  sayThenDialTwiml,
  sayThenHangUpTwiml,
  transferTwiml,
  whisperTwiml,
} from './voice-twiml';

/** Markup, quotes, apostrophes and ampersands, as an owner may type a business name. */
const NAME = `Tom & Jerry's <b>"Best"</b> > Cuts`;
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

describe('voice TwiML', () => {
  it('starts a dual-channel recording before the relay when the call is recorded, and none otherwise', () => {
    const base = {
      relayUrl: 'wss://api.example.com/relay',
      actionUrl: 'https://api.example.com/after',
      welcomeGreeting: 'This call may be recorded. Hi!',
      language: 'en-US',
      parameters: { conversationId: 'c1' },
    };
    const recorded = connectRelayTwiml({
      ...base,
      recordingStatusCallback: 'https://api.example.com/webhooks/twilio/voice/recording',
    });
    expect(recorded).toContain(
      '<Start><Recording channels="dual" track="both" recordingStatusCallback="https://api.example.com/webhooks/twilio/voice/recording" recordingStatusCallbackMethod="POST" recordingStatusCallbackEvent="in-progress completed absent"/></Start><Connect',
    );
    expect(readVoiceTwiml(recorded).recording).toEqual({
      statusCallback: 'https://api.example.com/webhooks/twilio/voice/recording',
      events: ['in-progress', 'completed', 'absent'],
      channels: 'dual',
    });
    const unrecorded = connectRelayTwiml(base);
    expect(unrecorded).not.toContain('<Start>');
    expect(readVoiceTwiml(unrecorded).recording).toBeUndefined();
  });

  it('connects to ConversationRelay with greeting, voice, interruptions, DTMF and the conversation parameter', () => {
    const twiml = connectRelayTwiml({
      relayUrl: 'wss://api.example.com/relay',
      actionUrl: 'https://api.example.com/webhooks/twilio/voice/after?conversationId=c1&x=1',
      welcomeGreeting: 'Thanks for calling Bella & Co, this is "Ava".',
      language: 'en-US',
      voice: 'en-US-Journey-O',
      parameters: { conversationId: 'c1' },
    });
    expect(twiml).toContain(
      '<Connect action="https://api.example.com/webhooks/twilio/voice/after?conversationId=c1&amp;x=1" method="POST">',
    );
    expect(twiml).toContain('welcomeGreeting="Thanks for calling Bella &amp; Co, this is &quot;Ava&quot;."');
    expect(twiml).toContain('interruptible="any" dtmfDetection="true"');
    expect(twiml).not.toContain('ttsProvider');
    const read = readVoiceTwiml(twiml);
    expect(read.relay).toMatchObject({
      url: 'wss://api.example.com/relay',
      welcomeGreeting: 'Thanks for calling Bella & Co, this is "Ava".',
      language: 'en-US',
      voice: 'en-US-Journey-O',
      action: 'https://api.example.com/webhooks/twilio/voice/after?conversationId=c1&x=1',
      parameters: { conversationId: 'c1' },
    });
  });

  it('says a message and dials the business line, or hangs up without one', () => {
    expect(readVoiceTwiml(sayThenDialTwiml('Please hold.', '+14155550142'))).toMatchObject({
      say: 'Please hold.',
      dial: '+14155550142',
      relay: undefined,
    });
    expect(readVoiceTwiml(sayThenDialTwiml('Sorry.', undefined))).toMatchObject({
      dial: undefined,
      hangUp: true,
    });
  });

  it('dials the manager with a whisper URL and a timeout', () => {
    const read = readVoiceTwiml(
      transferTwiml({
        to: '+14155550100',
        whisperUrl: 'https://x/whisper?c=1',
        actionUrl: 'https://x/dial-result?c=1',
        timeoutSeconds: 20,
      }),
    );
    expect(read).toMatchObject({
      dial: '+14155550100',
      whisperUrl: 'https://x/whisper?c=1',
      dialAction: 'https://x/dial-result?c=1',
      dialTimeout: '20',
    });
  });

  it('writes the documents the hand-written builder wrote, element for element', () => {
    // What the string builder answered for the same arguments (its own escaping of ' " > kept), compared as
    // XML: the library escapes less (a literal ' " or > is legal where it leaves one) but means the same.
    const before = {
      relay:
        '<Response><Connect action="https://api.example.com/after?conversationId=c1&amp;x=1" method="POST"><ConversationRelay url="wss://api.example.com/relay?a=1&amp;b=2" welcomeGreeting="Thanks for calling Tom &amp; Jerry&apos;s &lt;b&gt;&quot;Best&quot;&lt;/b&gt; &gt; Cuts." language="en-US" ttsProvider="Google" voice="en-US-Journey-O" interruptible="any" dtmfDetection="true"><Parameter name="conversationId" value="c1"/><Parameter name="note" value="a&lt;b &amp; &quot;c&quot;"/></ConversationRelay></Connect></Response>',
      sayThenDial:
        '<Response><Say>Tom &amp; Jerry&apos;s &lt;b&gt;&quot;Best&quot;&lt;/b&gt; &gt; Cuts is closed &amp; forwarding</Say><Dial>+14155550142</Dial></Response>',
      sayWithoutLine:
        '<Response><Say>Tom &amp; Jerry&apos;s &lt;b&gt;&quot;Best&quot;&lt;/b&gt; &gt; Cuts</Say><Hangup/></Response>',
      sayThenHangUp:
        '<Response><Say>Sorry, Tom &amp; Jerry&apos;s &lt;b&gt;&quot;Best&quot;&lt;/b&gt; &gt; Cuts</Say><Hangup/></Response>',
      hangUp: '<Response><Hangup/></Response>',
      transfer:
        '<Response><Dial action="https://x/dial-result?c=1&amp;d=2" method="POST" timeout="20" callerId="+14155550199"><Number url="https://x/whisper?c=1&amp;d=2" method="POST">+14155550100</Number></Dial></Response>',
      whisper:
        '<Response><Say>A caller for Tom &amp; Jerry&apos;s &lt;b&gt;&quot;Best&quot;&lt;/b&gt; &gt; Cuts</Say></Response>',
    };
    const now = {
      relay: connectRelayTwiml({
        relayUrl: 'wss://api.example.com/relay?a=1&b=2',
        actionUrl: 'https://api.example.com/after?conversationId=c1&x=1',
        welcomeGreeting: `Thanks for calling ${NAME}.`,
        language: 'en-US',
        ttsProvider: 'Google',
        voice: 'en-US-Journey-O',
        parameters: { conversationId: 'c1', note: 'a<b & "c"' },
      }),
      sayThenDial: sayThenDialTwiml(`${NAME} is closed & forwarding`, '+14155550142'),
      sayWithoutLine: sayThenDialTwiml(NAME, undefined),
      sayThenHangUp: sayThenHangUpTwiml(`Sorry, ${NAME}`),
      hangUp: hangUpTwiml(),
      transfer: transferTwiml({
        to: '+14155550100',
        whisperUrl: 'https://x/whisper?c=1&d=2',
        actionUrl: 'https://x/dial-result?c=1&d=2',
        timeoutSeconds: 20,
        callerId: '+14155550199',
      }),
      whisper: whisperTwiml(`A caller for ${NAME}`),
    };
    for (const [name, document] of Object.entries(now)) {
      expect(document.startsWith(XML_DECLARATION), name).toBe(true);
      expect(parseTwiml(document), name).toEqual(parseTwiml(before[name as keyof typeof before]));
    }
  });

  it("escapes markup, quotes and ampersands of a business's name in the greeting and in what is said", () => {
    const greeting = `Thanks for calling ${NAME}, this is "Ava".`;
    const relay = connectRelayTwiml({
      relayUrl: 'wss://api.example.com/relay',
      actionUrl: 'https://api.example.com/after',
      welcomeGreeting: greeting,
      language: 'en-US',
      parameters: { conversationId: 'c1' },
    });
    expect(relay).toContain(
      'welcomeGreeting="Thanks for calling Tom &amp; Jerry\'s &lt;b>&quot;Best&quot;&lt;/b> > Cuts, this is &quot;Ava&quot;."',
    );
    expect(relay).not.toContain('<b>');
    expect(readVoiceTwiml(relay).relay?.welcomeGreeting).toBe(greeting);

    const lapsed = sayThenDialTwiml(VOICE_TEXTS.lapsed(NAME), '+14155550142');
    expect(lapsed).toContain('Tom &amp; Jerry\'s &lt;b&gt;"Best"&lt;/b&gt; &gt; Cuts');
    expect(readVoiceTwiml(lapsed)).toMatchObject({ say: VOICE_TEXTS.lapsed(NAME), dial: '+14155550142' });

    const whisper = whisperTwiml(VOICE_TEXTS.whisper(`${NAME} & <Sons>`));
    expect(whisper).not.toContain('<Sons>');
    expect(readVoiceTwiml(whisper).say).toBe(VOICE_TEXTS.whisper(`${NAME} & <Sons>`));
  });

  it('drops characters XML cannot carry instead of failing the call', () => {
    const greeting = `Bella\u0007 Co\u0000 \ud83d says hi 😀`;
    const twiml = connectRelayTwiml({
      relayUrl: 'wss://api.example.com/relay',
      actionUrl: 'https://api.example.com/after',
      welcomeGreeting: greeting,
      language: 'en-US',
      parameters: { conversationId: 'c\u001b1' },
    });
    const read = readVoiceTwiml(twiml);
    expect(read.relay?.welcomeGreeting).toBe('Bella Co  says hi 😀');
    expect(read.relay?.parameters).toEqual({ conversationId: 'c1' });
    expect(readVoiceTwiml(sayThenHangUpTwiml('Closed\u000b today\ufffe')).say).toBe('Closed today');
  });
});
