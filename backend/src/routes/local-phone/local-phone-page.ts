import { html } from 'hono/html';
import { BRAND } from '@shared/brand';
import { htmlPage } from '../../http/html-page';

export const LOCAL_PHONE_PATH = '/local/phone';

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
    head: html`<script type="module" src="${LOCAL_PHONE_PATH}/app.js"></script>`,
    body: html`<main>
      <p class="banner">
        Local telephony provider: no real text is sent or received. ${BRAND.name} is running without Twilio.
      </p>
      <h1>Local phone</h1>
      <p class="note">
        Text an assistant number as one of its callers would. Each message reaches the app as a signed Twilio
        webhook; the replies, and the texts the assistant sends later (confirmations, deposit links), show up
        in the conversation below.
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
        <p id="no-numbers" class="note" hidden>
          No assistant numbers yet. Pick one in step 4 of the setup, then come back here.
        </p>
        <!-- Call controls (voice) go here. -->
        <div id="call-controls"></div>
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
