import { describe, expect, it } from 'vitest';
import { connectRelayTwiml, readVoiceTwiml, sayThenDialTwiml, transferTwiml } from './voice-twiml';

describe('voice TwiML', () => {
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
});
