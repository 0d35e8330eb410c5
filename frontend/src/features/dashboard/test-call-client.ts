import { RELAY_LANGUAGE } from '@shared/voice-relay';
import { handoffDataSchema, type HandoffData } from '@shared/voice-relay-handoff';
import { relayOutgoingSchema } from '@shared/voice-relay-messages';

export type TestCallHandlers = {
  /** The assistant's text, token by token; `last` closes one reply. */
  onToken: (token: string, last: boolean) => void;
  /** The relay ended the session (a transfer, a goodbye, an error). */
  onEnd: (handoff: HandoffData | undefined) => void;
  /** The socket closed (after onEnd, or on its own). */
  onClose: () => void;
};

/** The relay URL with the owner's token: browsers cannot set headers on a WebSocket. */
export function relaySocketUrl(relayUrl: string, token: string): string {
  const url = new URL(relayUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * The browser's side of an owner's test call: the same ConversationRelay socket Twilio uses, opened with the
 * owner's token; `setup` names the test conversation (as the TwiML's parameter does for Twilio), each thing
 * the owner says is a final `prompt`. What is said before the socket is open is sent right after setup.
 */
export function openTestCall(options: {
  relayUrl: string;
  token: string;
  conversationId: string;
  handlers: TestCallHandlers;
  createSocket?: (url: string) => WebSocket;
}) {
  /** The language Twilio would transcribe in: en-US until the relay switches it. */
  let language: string = RELAY_LANGUAGE;
  const socket = (options.createSocket ?? ((url) => new WebSocket(url)))(
    relaySocketUrl(options.relayUrl, options.token),
  );
  const pending: string[] = [];
  const send = (message: unknown) => {
    const text = JSON.stringify(message);
    if (socket.readyState === WebSocket.OPEN) socket.send(text);
    else if (socket.readyState === WebSocket.CONNECTING) pending.push(text);
  };
  socket.addEventListener('open', () => {
    socket.send(
      JSON.stringify({
        type: 'setup',
        sessionId: `browser-${crypto.randomUUID()}`,
        callSid: `browser-${crypto.randomUUID()}`,
        customParameters: { conversationId: options.conversationId },
      }),
    );
    for (const text of pending.splice(0)) socket.send(text);
  });
  socket.addEventListener('message', (event) => {
    let json: unknown;
    try {
      json = JSON.parse(String(event.data));
    } catch {
      return;
    }
    const parsed = relayOutgoingSchema.safeParse(json);
    if (!parsed.success) return;
    if (parsed.data.type === 'text') options.handlers.onToken(parsed.data.token, parsed.data.last);
    else if (parsed.data.type === 'language') language = parsed.data.transcriptionLanguage;
    else {
      let handoff: HandoffData | undefined;
      try {
        handoff = handoffDataSchema.parse(JSON.parse(parsed.data.handoffData));
      } catch {
        handoff = undefined;
      }
      options.handlers.onEnd(handoff);
      socket.close();
    }
  });
  socket.addEventListener('close', () => options.handlers.onClose());
  return {
    say: (text: string) => send({ type: 'prompt', voicePrompt: text, lang: language, last: true }),
    hangUp: () => socket.close(),
  };
}
export type TestCall = ReturnType<typeof openTestCall>;
