import { LOCAL_PHONE_PATH } from './local-phone-page';

/**
 * The local phone page's behaviour, served as its own module (GET /local/phone/app.js): pick a number, send
 * a text, and keep the conversation with that number current (polled, as texts can arrive later: booking
 * confirmations, deposit links, receipts). Plain browser JavaScript; it talks only to the routes beside it.
 */
export const LOCAL_PHONE_SCRIPT = `
const base = ${JSON.stringify(LOCAL_PHONE_PATH)};
const $ = (id) => document.getElementById(id);
const assistantSelect = $('assistant-number');
const callerInput = $('caller-number');
const thread = $('thread');
const form = $('compose');
const bodyInput = $('message-body');
const sendButton = $('send');
const errorLine = $('error');
const POLL_MS = 2000;
let shown = '';

const params = new URLSearchParams(location.search);

async function loadNumbers() {
  const response = await fetch(base + '/numbers');
  const { numbers } = await response.json();
  assistantSelect.replaceChildren(
    ...numbers.map((n) => {
      const option = document.createElement('option');
      option.value = n.phone_number;
      // The business line whose calls are forwarded to this number (call.js's forwarded call).
      option.dataset.businessPhone = n.business_phone ?? '';
      option.textContent = n.business_name ? n.friendly_name + ' — ' + n.business_name : n.friendly_name;
      return option;
    }),
  );
  const wanted = params.get('to');
  if (wanted && numbers.some((n) => n.phone_number === wanted)) assistantSelect.value = wanted;
  $('no-numbers').hidden = numbers.length > 0;
  sendButton.disabled = numbers.length === 0;
  $('call').disabled = numbers.length === 0;
  $('call-forwarded').disabled = numbers.length === 0;
  $('call-hang-up-early').disabled = numbers.length === 0;
}

const time = (iso) => new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

function render(messages) {
  const key = JSON.stringify(messages);
  if (key === shown) return;
  shown = key;
  if (messages.length === 0) {
    const empty = document.createElement('p');
    empty.className = 'empty';
    empty.textContent = 'No messages with this number yet. Say hello!';
    thread.replaceChildren(empty);
    return;
  }
  thread.replaceChildren(
    ...messages.map((m) => {
      const bubble = document.createElement('div');
      bubble.className = 'bubble ' + (m.direction === 'inbound' ? 'in' : 'out');
      bubble.dataset.testid = m.direction === 'inbound' ? 'phone-sent' : 'phone-received';
      bubble.textContent = m.body;
      const meta = document.createElement('span');
      meta.className = 'meta';
      meta.textContent = time(m.at) + (m.direction === 'inbound' ? ' · you' : '');
      bubble.append(meta);
      return bubble;
    }),
  );
  thread.scrollTop = thread.scrollHeight;
}

async function refresh() {
  const assistant = assistantSelect.value;
  const caller = callerInput.value.trim();
  if (!assistant || !caller) return render([]);
  const query = new URLSearchParams({ assistant, caller });
  const response = await fetch(base + '/messages?' + query);
  if (response.ok) render((await response.json()).messages);
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const body = bodyInput.value;
  if (!body.trim()) return;
  errorLine.textContent = '';
  sendButton.disabled = true;
  // Cleared at once, so what the person types while this one is on its way is kept.
  bodyInput.value = '';
  try {
    const response = await fetch(base + '/messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ assistant: assistantSelect.value, caller: callerInput.value.trim(), body }),
    });
    const result = await response.json();
    if (!response.ok) {
      errorLine.textContent = result.message || 'The message could not be sent.';
      if (!bodyInput.value) bodyInput.value = body;
      return;
    }
    await refresh();
  } catch {
    errorLine.textContent = 'The message could not be sent. Is the backend running?';
    if (!bodyInput.value) bodyInput.value = body;
  } finally {
    sendButton.disabled = false;
    bodyInput.focus();
  }
});

bodyInput.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey) {
    event.preventDefault();
    form.requestSubmit();
  }
});
assistantSelect.addEventListener('change', refresh);
callerInput.addEventListener('change', refresh);
if (params.get('from')) callerInput.value = params.get('from');

await loadNumbers();
await refresh();
setInterval(() => void refresh(), POLL_MS);
`;
