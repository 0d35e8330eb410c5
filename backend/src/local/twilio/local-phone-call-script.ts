import { LOCAL_CALL_PATH } from './local-phone-page';

/**
 * The local phone page's Call (GET /local/phone/call.js): dials the chosen assistant number over the call
 * socket, shows the live transcript, plays the assistant's speech (PCM chunks of the voice-preview stream,
 * espeak-ng locally), sends what the person types or says (the browser's speech recognition where it has
 * one), and shows the simulated manager line a transfer rings. Plain browser JavaScript.
 */
export const LOCAL_PHONE_CALL_SCRIPT = `
const $ = (id) => document.getElementById(id);
const callButton = $('call');
const forwardedButton = $('call-forwarded');
const hangUpButton = $('hang-up');
const statusLine = $('call-status');
const transcript = $('call-transcript');
const sayForm = $('call-say');
const sayInput = $('call-say-text');
const micButton = $('call-mic');
const zeroButton = $('call-zero');
const managerCard = $('manager-line');
const managerStatus = $('manager-status');
const managerWhisper = $('manager-whisper');
const answerButton = $('manager-answer');
const ringOutButton = $('manager-ring-out');
const callError = $('call-error');
const businessCard = $('business-line');
const businessStatus = $('business-status');
const businessButtons = [$('business-answer'), $('business-busy'), $('business-ring-out')];
const callAt = $('call-at');

let socket;
let audio;
let nextStart = 0;
let assistantLine;
/** The current call was refused with <Reject> (a blocked number): its end says so. */
let rejected = false;
const hangUpEarlyButton = $('call-hang-up-early');

function setStatus(text, inCall) {
  statusLine.textContent = text;
  callButton.hidden = inCall;
  forwardedButton.hidden = inCall;
  hangUpEarlyButton.hidden = inCall;
  hangUpButton.hidden = !inCall;
  sayForm.hidden = !inCall;
}

function line(speaker, text) {
  const item = document.createElement('p');
  item.className = 'line ' + speaker;
  item.dataset.testid = 'call-' + speaker;
  const who = document.createElement('strong');
  who.textContent = speaker === 'caller' ? 'You: ' : speaker === 'assistant' ? 'Assistant: ' : '';
  const words = document.createElement('span');
  words.textContent = text;
  item.append(who, words);
  transcript.append(item);
  transcript.scrollTop = transcript.scrollHeight;
  return words;
}

/** 16-bit little-endian PCM chunks, scheduled back to back so the reply plays without gaps. */
function play(message) {
  if (!audio || message.type !== 'audio_chunk' || message.format !== 'pcm') return;
  const bytes = Uint8Array.from(atob(message.audio), (c) => c.charCodeAt(0));
  const samples = new Int16Array(bytes.buffer, 0, Math.floor(bytes.length / 2));
  if (samples.length === 0) return;
  const buffer = audio.createBuffer(1, samples.length, message.sample_rate);
  const channel = buffer.getChannelData(0);
  for (let i = 0; i < samples.length; i += 1) channel[i] = samples[i] / 32768;
  const source = audio.createBufferSource();
  source.buffer = buffer;
  source.connect(audio.destination);
  nextStart = Math.max(nextStart, audio.currentTime + 0.05);
  source.start(nextStart);
  nextStart += buffer.duration;
}

function onCallEvent(event) {
  if (event.type === 'assistant') {
    if (!businessCard.hidden && !businessButtons[0].hidden) {
      // The business phone rang out on its own: the assistant took the call.
      businessStatus.textContent = 'Rang out: nobody answered';
      for (const button of businessButtons) button.hidden = true;
    }
    assistantLine ??= line('assistant', '');
    assistantLine.textContent += event.token;
    if (event.last) assistantLine = undefined;
  } else if (event.type === 'say') {
    line('assistant', event.text);
  } else if (event.type === 'language') {
    // ConversationRelay's language (the TwiML's, or a language message): Twilio listens and speaks in it.
    line('system', 'The call is now in ' + (event.code.startsWith('es') ? 'Spanish' : 'English') + ' (' + event.code + ').');
  } else if (event.type === 'forwarded') {
    line('system', 'Forwarded to the business line ' + event.to + '. You are talking to the business now (simulated).');
    setStatus('Forwarded to ' + event.to, true);
    // The assistant is off the line: nothing more to say to it.
    sayForm.hidden = true;
  } else if (event.type === 'business_ringing') {
    line('system', 'Your business phone is ringing…');
    businessCard.hidden = false;
    businessStatus.textContent = 'Ringing: ' + event.to + ' (rings out after ' + event.timeoutSeconds + ' s)';
    for (const button of businessButtons) button.hidden = false;
  } else if (event.type === 'business_connected') {
    businessStatus.textContent = 'You picked up: talking with the caller (simulated)';
    for (const button of businessButtons) button.hidden = true;
    line('system', 'The business phone picked up.');
    sayForm.hidden = true;
  } else if (event.type === 'manager_ringing') {
    line('system', "Transferring you: the manager's line is ringing…");
    managerCard.hidden = false;
    managerStatus.textContent = 'Ringing: ' + event.to + ' (rings out after ' + event.timeoutSeconds + ' s)';
    managerWhisper.textContent = 'Whisper: ' + event.whisper;
    answerButton.hidden = false;
    ringOutButton.hidden = false;
  } else if (event.type === 'manager_connected') {
    managerStatus.textContent = 'Connected with the caller (simulated)';
    answerButton.hidden = true;
    ringOutButton.hidden = true;
    line('system', 'The manager picked up.');
  } else if (event.type === 'rejected') {
    rejected = true;
    line('system', 'Call rejected: the business has blocked this number. The assistant never heard of it.');
    setStatus('Call rejected', false);
  } else if (event.type === 'ended') {
    if (!rejected) {
      line('system', event.reason === 'caller hung up before the greeting' ? 'You hung up before the greeting.' : 'Call ended.');
      setStatus('Call ended', false);
    }
    managerCard.hidden = true;
    businessCard.hidden = true;
    socket?.close();
    socket = undefined;
  }
}

/**
 * Places the call; with forwardedFrom, the caller dialled the business line and its carrier forwarded the
 * call to the assistant number, so the call arrives with ForwardedFrom as Twilio sends it.
 */
function dial(forwardedFrom, hangUpBeforeGreeting) {
  callError.textContent = '';
  rejected = false;
  transcript.replaceChildren();
  if (forwardedFrom)
    line('system', 'Calling the business number ' + forwardedFrom + ', which forwards to ' + $('assistant-number').value + '…');
  const Context = window.AudioContext || window.webkitAudioContext;
  audio ??= Context ? new Context() : undefined;
  void audio?.resume().catch(() => undefined);
  const url = new URL(${JSON.stringify(LOCAL_CALL_PATH)}, location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  socket = new WebSocket(url);
  setStatus('Calling…', true);
  // "Call as if at": the moment in this browser's time zone, sent as an instant.
  const at = callAt.value ? new Date(callAt.value) : undefined;
  socket.addEventListener('open', () =>
    socket.send(JSON.stringify({
      type: 'dial',
      assistant: $('assistant-number').value,
      caller: $('caller-number').value.trim(),
      ...(forwardedFrom ? { forwarded_from: forwardedFrom } : {}),
      ...(at && !Number.isNaN(at.getTime()) ? { at: at.toISOString() } : {}),
      ...(hangUpBeforeGreeting ? { hang_up_before_greeting: true } : {}),
    })),
  );
  socket.addEventListener('message', (message) => {
    const data = JSON.parse(message.data);
    // Events of the call's first moments (a forward) may come before 'connected'.
    if (data.type === 'connected') {
      if (statusLine.textContent === 'Calling…') setStatus('In call', true);
    }
    else if (data.type === 'call') onCallEvent(data.event);
    else if (data.type === 'speech') play(data.message);
    else if (data.type === 'call_error') callError.textContent = data.message;
  });
  socket.addEventListener('close', () => {
    if (!callButton.hidden) return;
    setStatus(rejected ? 'Call rejected' : 'Call ended', false);
    managerCard.hidden = true;
    businessCard.hidden = true;
  });
}
callButton.addEventListener('click', () => dial(undefined));
hangUpEarlyButton.addEventListener('click', () => dial(undefined, true));
forwardedButton.addEventListener('click', () => {
  const business = $('assistant-number').selectedOptions[0]?.dataset.businessPhone;
  if (!business) {
    callError.textContent = 'This business has no business number yet (step 1 of its setup).';
    return;
  }
  dial(business);
});

const send = (command) => socket?.readyState === WebSocket.OPEN && socket.send(JSON.stringify(command));
hangUpButton.addEventListener('click', () => send({ type: 'hang_up' }));
zeroButton.addEventListener('click', () => {
  line('caller', '(pressed 0)');
  send({ type: 'digit', digit: '0' });
});
answerButton.addEventListener('click', () => send({ type: 'answer_manager' }));
const businessDone = (text, command) => {
  businessStatus.textContent = text;
  for (const button of businessButtons) button.hidden = true;
  send(command);
};
businessButtons[0].addEventListener('click', () => businessDone('Answering…', { type: 'answer_business' }));
businessButtons[1].addEventListener('click', () => businessDone('Busy: declined', { type: 'business_busy' }));
businessButtons[2].addEventListener('click', () => businessDone('Nobody answered', { type: 'let_it_ring' }));
ringOutButton.addEventListener('click', () => {
  managerStatus.textContent = 'Nobody answered';
  answerButton.hidden = true;
  ringOutButton.hidden = true;
  send({ type: 'let_it_ring' });
});

function say(text) {
  if (!text.trim()) return;
  assistantLine = undefined;
  line('caller', text.trim());
  send({ type: 'say', text: text.trim() });
}
sayForm.addEventListener('submit', (event) => {
  event.preventDefault();
  say(sayInput.value);
  sayInput.value = '';
});

// Speaking instead of typing, where the browser recognises speech (Chrome, Edge, Safari).
const Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;
if (Recognition) {
  micButton.hidden = false;
  micButton.addEventListener('click', () => {
    const recognition = new Recognition();
    recognition.lang = 'en-US';
    recognition.interimResults = false;
    micButton.disabled = true;
    recognition.addEventListener('result', (event) => say(event.results[0][0].transcript));
    recognition.addEventListener('end', () => (micButton.disabled = false));
    recognition.addEventListener('error', () => (micButton.disabled = false));
    recognition.start();
  });
}
`;
