import { WebSocketServer } from 'ws';

/**
 * The model_latency stage's floor (docs/decisions/185-model-latency.md, session 42): the least any relay
 * process does on this machine for a caller's line, with none of the app. It takes ConversationRelay's
 * `prompt` over a WebSocket, sends one streamed chat request to the bench's model server with Node's `fetch`
 * (what the OpenAI SDK sends with), and forwards the first chunk's text as the relay's `text` token the moment
 * it reads it, then `last` at the stream's end. So it makes the same hops, over the same sockets and the same
 * 350 ms of waiting, as the app's relay: what it takes beyond the model's own time is the machine's (process
 * wake-ups after the wait, loopback, the event loops), which the app's figure pays too.
 *
 * Environment: PORT, MODEL_BASE_URL (…/v1), OPENAI_API_KEY.
 */
const port = Number(process.env.PORT);
const endpoint = `${process.env.MODEL_BASE_URL}/chat/completions`;
const apiKey = process.env.OPENAI_API_KEY ?? '';

/** The first `content` of an SSE chat completion stream's text so far, once its first event is whole. */
function firstContent(sse: string): string | undefined {
  const end = sse.indexOf('\n\n');
  if (end === -1) return undefined;
  const data = sse.slice(0, end).replace(/^data: /, '');
  const delta = (JSON.parse(data) as { choices: Array<{ delta: { content?: string | null } }> }).choices[0]
    ?.delta;
  return delta?.content ?? '';
}

async function answer(line: string, send: (message: object) => void) {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: line }] }),
  });
  if (!response.ok || !response.body) throw new Error(`model answered ${response.status}`);
  const decoder = new TextDecoder();
  let text = '';
  let spoken = false;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    if (spoken) continue;
    text += decoder.decode(read.value, { stream: true });
    const token = firstContent(text);
    if (token === undefined) continue;
    spoken = true;
    send({ type: 'text', token, last: false });
  }
  send({ type: 'text', token: '', last: true });
}

const server = new WebSocketServer({ port, host: '127.0.0.1' });
server.on('connection', (socket) => {
  const send = (message: object) => socket.send(JSON.stringify(message));
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as { type: string; voicePrompt?: string };
    if (message.type !== 'prompt') return;
    answer(message.voicePrompt ?? '', send).catch((error: unknown) => {
      socket.close(1011, String(error).slice(0, 100));
    });
  });
});
