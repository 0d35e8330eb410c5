import { describe, expect, it } from 'vitest';
import * as onDemand from './twiml-on-demand';
import { messagingResponse } from './twiml';
import { connectRelayTwiml, hangUpTwiml, transferTwiml } from './voice-twiml';

describe('TwiML builders on demand', () => {
  it('loads the builders once and answers what they write', async () => {
    expect(onDemand.loadTwimlBuilders()).toBe(onDemand.loadTwimlBuilders());
    const relay = {
      relayUrl: 'wss://x/relay',
      actionUrl: 'https://x/after?c=1&d=2',
      welcomeGreeting: `Tom & Jerry's "Best" <Cuts>`,
      language: 'en-US',
      parameters: { conversationId: 'c1' },
    };
    expect(await onDemand.connectRelayTwiml(relay)).toBe(connectRelayTwiml(relay));
    expect(await onDemand.hangUpTwiml()).toBe(hangUpTwiml());
    const transfer = {
      to: '+14155550100',
      whisperUrl: 'https://x/w',
      actionUrl: 'https://x/d',
      timeoutSeconds: 20,
    };
    expect(await onDemand.transferTwiml(transfer)).toBe(transferTwiml(transfer));
    expect(await onDemand.messagingResponse(['a & b'])).toBe(messagingResponse(['a & b']));
  });
});
