import { AUTH_MESSAGES } from '@shared/auth-messages';
import { SETUP_STEP_INTROS, SETUP_TITLE } from '@shared/setup-screen-texts';
import { TERMS_DIALOG_TEXT } from '@shared/terms-dialog';
import { rememberedDashboardHeading } from '../lib/remembered-dashboard';
import { rememberedSetupStep } from '../lib/remembered-setup-step';
import { routePath } from '../lib/route-path';
import { soleStoredSessionClaims } from '../lib/stored-tokens';
import { termsDialogDue } from '../lib/terms-dialog-due';
// The signed-in screens' frame and the dashboard's heading are styled from the entry's stylesheet, so the
// remembered screen painted below has the geometry the dashboard's first render gives it.
import '../components/layout/app-header.css';
import './remembered-screen.css';
// The dialogs' stylesheet too: /plans opens on its terms dialog, painted below the same way.
import '../components/ui/modal.css';

/**
 * Opening /dashboard cold, the owner used to look at "Loading..." until the dashboard's code, the runtime
 * config and the config read had all arrived, the heading being the screen's largest content (its LCP,
 * issue 41 §4). When this browser's stored session is the owner who last saw the dashboard, the entry
 * paints the heading as it was then (lib/remembered-dashboard.ts), in the frame the dashboard renders into,
 * before any of that arrives; React's first render replaces it with the same heading, and the config's
 * answer confirms or corrects it (docs/decisions/188). Anything else keeps index.html's "Loading...".
 */
export function paintRememberedScreen(container: HTMLElement, pathname: string): boolean {
  const path = routePath(pathname);
  if (path === '/dashboard') {
    const heading = rememberedDashboardHeading();
    if (!heading) return false;
    paintSignedInFrame(container, element('h1', 'dashboard-heading', heading));
    return true;
  }
  if (path === '/setup') {
    const intro = setupStepIntro();
    if (!intro) return false;
    // The wizard's frame without its step dots (they need the wizard's code): the page's title and the
    // step's card with its introduction, the screen's largest content, as wide as the wizard draws it.
    const card = element('section', 'setup-step card');
    const body = element('div', 'step-body');
    body.append(element('p', 'step-intro', intro));
    card.append(body);
    const wizard = element('div', 'setup-wizard');
    wizard.append(card);
    const page = element('div', 'setup-page');
    page.append(element('h1', 'setup-heading', SETUP_TITLE), wizard);
    paintSignedInFrame(container, page);
    return true;
  }
  if ((path === '/plans' || path === '/pricing') && termsDialogDue()) {
    // In #root, not at the end of <body> as the page's own: React's first render then replaces it too.
    paintSignedInFrame(container);
    container.append(termsDialog());
    return true;
  }
  return false;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

/** The signed-in screens' frame: the header's bar without its links and Sign Out, which only work once the app runs. */
function paintSignedInFrame(container: HTMLElement, ...content: HTMLElement[]) {
  const header = element('header', 'app-header');
  header.append(element('div', 'container app-header-inner'));
  const main = element('main', 'container signed-in-main');
  const status = element('div', 'centered-status', AUTH_MESSAGES.loading);
  status.setAttribute('role', 'status');
  main.append(...content, status);
  container.replaceChildren(header, main);
}

/**
 * /plans' terms dialog (features/plans/components/terms-modal.tsx), the page's largest content, as the
 * page's first render will show it: the same texts and classes, so the same size and place. Its buttons
 * wait for the app (disabled until React's first render replaces the whole painting).
 */
function termsDialog(): HTMLElement {
  const text = TERMS_DIALOG_TEXT;
  const backdrop = element('div', 'modal-backdrop');
  backdrop.id = ENTRY_DIALOG_ID;
  const dialog = element('div', 'modal card');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', `${ENTRY_DIALOG_ID}-title`);
  const title = element('h2', 'modal-title', text.title);
  title.id = `${ENTRY_DIALOG_ID}-title`;
  const link = (href: string, label: string) => {
    const anchor = element('a', '', label);
    anchor.href = href;
    anchor.target = '_blank';
    anchor.rel = 'noreferrer';
    return anchor;
  };
  const accept = element('p', '');
  accept.append(
    `${text.readAndAccept} `,
    link('/toc', text.termsLink),
    ` ${text.and} `,
    link('/privacy', text.privacyLink),
    '.',
  );
  const body = element('div', 'modal-body');
  body.append(accept, element('p', '', text.billing));
  const actions = element('div', 'modal-actions');
  for (const [label, kind] of [
    [text.cancel, 'btn-secondary'],
    [text.agree, 'btn-primary'],
  ] as const) {
    const button = element('button', `btn ${kind}`, label);
    button.type = 'button';
    button.disabled = true;
    actions.append(button);
  }
  dialog.append(title, body, actions);
  backdrop.append(dialog);
  return backdrop;
}

const ENTRY_DIALOG_ID = 'entry-dialog';

/**
 * The introduction of the step /setup will most likely open on, for the stored session's owner: the step
 * the wizard last showed them here, or step 1 (a new owner's). A `?step=` link paints nothing: whether the
 * wizard follows it depends on the config.
 */
function setupStepIntro(): string | undefined {
  if (new URLSearchParams(window.location.search).has('step')) return undefined;
  const claims = soleStoredSessionClaims();
  if (!claims) return undefined;
  return SETUP_STEP_INTROS[rememberedSetupStep(String(claims.sub))?.step ?? 1];
}
