import { html } from 'hono/html';
import { BRAND } from '@shared/brand';
import { htmlPage } from '../../platform/http/html-page';

export const LOCAL_PHONE_PATH = '/local/phone';
/** The page's call socket; here, not in local-call-socket.ts, so the page does not pull `ws` into the app. */
export const LOCAL_CALL_PATH = `${LOCAL_PHONE_PATH}/call`;

const PHONE_STYLES = `
  main { max-width: 720px; margin: 0 auto; }
  .banner { background: #fef3c7; color: #92400e; border-radius: 8px; padding: 8px 12px; font-size: 0.85rem; }
  .note { color: #5b6475; }
  .card { background: #fff; border: 1px solid #dfe3ea; border-radius: 12px; padding: 16px 20px; margin: 16px 0; }
  .fields { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  @media (max-width: 560px) { .fields { grid-template-columns: 1fr; } }
  label { display: block; font-size: 0.85rem; font-weight: 600; margin-bottom: 4px; }
  select, input, textarea { font: inherit; width: 100%; box-sizing: border-box; padding: 8px 10px;
    border: 1px solid #c9cfda; border-radius: 8px; background: #fff; }
  button { font: inherit; font-weight: 600; border-radius: 8px; padding: 10px 18px; cursor: pointer;
    border: 1px solid #4f46e5; background: #4f46e5; color: #fff; }
  button:disabled { opacity: 0.6; cursor: progress; }
  .thread { display: flex; flex-direction: column; gap: 8px; min-height: 160px; max-height: 55vh;
    overflow-y: auto; padding: 12px; background: #f1f3f8; border-radius: 12px; }
  .bubble { max-width: 80%; padding: 8px 12px; border-radius: 16px; white-space: pre-wrap; line-height: 1.4; }
  .bubble.in { align-self: flex-end; background: #4f46e5; color: #fff; border-bottom-right-radius: 4px; }
  .bubble.out { align-self: flex-start; background: #fff; border: 1px solid #dfe3ea; border-bottom-left-radius: 4px; }
  .bubble .meta { display: block; font-size: 0.72rem; opacity: 0.75; margin-top: 4px; }
  .compose { display: flex; gap: 8px; margin-top: 12px; }
  .compose textarea { min-height: 44px; resize: vertical; }
  .empty { color: #5b6475; text-align: center; margin: auto; }
  .error { color: #b91c1c; min-height: 1.2em; margin: 8px 0 0; }
  .card h2 { margin-top: 0; font-size: 1.1rem; }
  /* The call controls show and hide with the call; display rules below must not undo 'hidden'. */
  [hidden] { display: none !important; }
  .call-buttons { display: flex; gap: 8px; align-items: center; margin-top: 12px; flex-wrap: wrap; }
  button.danger { background: #b91c1c; border-color: #b91c1c; }
  button.secondary { background: #fff; color: #4f46e5; }
  .call-status { color: #5b6475; margin: 0; }
  .transcript { max-height: 40vh; overflow-y: auto; margin-top: 12px; }
  .transcript:empty { display: none; }
  .line { margin: 4px 0; line-height: 1.4; }
  .line.system { color: #5b6475; font-style: italic; }
  .manager { border-color: #f59e0b; background: #fffbeb; }
  .call-when { margin-top: 12px; }
  .call-when summary { cursor: pointer; color: #4f46e5; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

/**
 * The local phone: a person texts an assistant number as a caller would, and sees the replies and every
 * text the assistant sends to that caller. The behaviour lives in its own script (local-phone-script.ts);
 * the call controls have their own slot, so a voice call can sit beside the texting.
 */
export const localPhonePage = () =>
  htmlPage({
    title: 'Local phone',
    styles: PHONE_STYLES,
    head: html`<script type="module" src="${LOCAL_PHONE_PATH}/app.js"></script>
      <script type="module" src="${LOCAL_PHONE_PATH}/call.js"></script>`,
    body: html`<main>
      <p class="banner">
        Local telephony provider: no real text is sent or received. ${BRAND.name} is running without Twilio.
      </p>
      <h1>Local phone</h1>
      <p class="note">
        Text or call an assistant number as one of its callers would. Each message and call reaches the app as
        a signed Twilio webhook, and a call talks to the assistant over the same relay socket Twilio would
        open. The replies, and the texts the assistant sends later (confirmations, deposit links, messages for
        the manager), show up below.
      </p>
      <section class="card" aria-labelledby="line-title">
        <h2 id="line-title" hidden>Who is texting whom</h2>
        <div class="fields">
          <div>
            <label for="assistant-number">Assistant number</label>
            <select id="assistant-number" data-testid="phone-assistant-number"></select>
          </div>
          <div>
            <label for="caller-number">Your number (the caller)</label>
            <input
              id="caller-number"
              data-testid="phone-caller-number"
              inputmode="tel"
              value="+14155550199"
            />
          </div>
        </div>
        <details class="call-when">
          <summary>Call at another time (simulated)</summary>
          <label for="call-at">Place the call as if it were</label>
          <input id="call-at" data-testid="phone-call-at" type="datetime-local" />
          <p class="note">
            Try when the assistant answers: the app decides as if the call came at this moment (this browser's
            time zone). Leave empty to call now.
          </p>
        </details>
        <p id="no-numbers" class="note" hidden>
          No assistant numbers yet. Pick one in step 4 of the setup, then come back here.
        </p>
        <div id="call-controls" class="call-buttons">
          <button type="button" id="call" data-testid="phone-call">Call</button>
          <button
            type="button"
            id="call-forwarded"
            class="secondary"
            data-testid="phone-call-forwarded"
            title="Call the business's own number, which its carrier forwards to the assistant number"
          >
            Call the business number (forwarded)
          </button>
          <button
            type="button"
            id="call-hang-up-early"
            class="secondary"
            data-testid="phone-call-hang-up-early"
            title="Call, and hang up as the call is answered, before the assistant's greeting (a missed call)"
          >
            Call and hang up before the greeting
          </button>
          <button type="button" id="hang-up" class="danger" data-testid="phone-hang-up" hidden>
            Hang up
          </button>
          <p id="call-status" class="call-status" data-testid="call-status" aria-live="polite"></p>
        </div>
        <div id="call-transcript" class="transcript" data-testid="call-transcript" aria-live="polite"></div>
        <form id="call-say" class="compose" hidden>
          <label for="call-say-text" class="sr-only">Say</label>
          <input
            id="call-say-text"
            data-testid="call-say-text"
            placeholder="Say something to the assistant"
          />
          <button type="submit" data-testid="call-say-send">Say</button>
          <button type="button" id="call-mic" class="secondary" data-testid="call-mic" hidden>Speak</button>
          <button type="button" id="call-zero" class="secondary" data-testid="call-zero" title="Press 0">
            0
          </button>
        </form>
        <p id="call-error" class="error" role="alert" data-testid="call-error"></p>
      </section>
      <section id="business-line" class="card manager" data-testid="business-line" hidden>
        <h2>Your business phone (simulated)</h2>
        <p id="business-status" data-testid="business-status"></p>
        <div class="call-buttons">
          <button type="button" id="business-answer" data-testid="business-answer">Answer</button>
          <button type="button" id="business-busy" class="secondary" data-testid="business-busy">
            Busy (decline)
          </button>
          <button type="button" id="business-ring-out" class="secondary" data-testid="business-ring-out">
            Let it ring out
          </button>
        </div>
      </section>
      <section id="manager-line" class="card manager" data-testid="manager-line" hidden>
        <h2>Manager's phone (simulated)</h2>
        <p id="manager-status" data-testid="manager-status"></p>
        <p id="manager-whisper" class="note" data-testid="manager-whisper"></p>
        <div class="call-buttons">
          <button type="button" id="manager-answer" data-testid="manager-answer">Answer</button>
          <button type="button" id="manager-ring-out" class="secondary" data-testid="manager-ring-out">
            Let it ring out
          </button>
        </div>
      </section>
      <section class="card" aria-labelledby="thread-title">
        <h2 id="thread-title">Messages</h2>
        <div id="thread" class="thread" data-testid="phone-thread" aria-live="polite"></div>
        <form id="compose" class="compose">
          <label for="message-body" class="sr-only">Message</label>
          <textarea
            id="message-body"
            data-testid="phone-message"
            placeholder="Type a text message"
            required
          ></textarea>
          <button type="submit" id="send" data-testid="phone-send">Send</button>
        </form>
        <p id="error" class="error" role="alert"></p>
      </section>
    </main>`,
  });
