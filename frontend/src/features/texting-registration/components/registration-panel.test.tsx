import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MessagingRegistration } from '@shared/schemas/messaging-registration';
import {
  REGISTRATION_BADGES,
  REGISTRATION_FORM_TEXTS as T,
  TEXTING_PAUSED_TEXTS,
} from '@shared/messaging-registration-form';
import { registrationQueryKey } from '../hooks/registration-query';
import { RegistrationPanel } from './registration-panel';
import { TextingPausedNotice } from './texting-paused-notice';

const approved: MessagingRegistration = {
  state: 'approved',
  updatedAt: '2026-11-29T04:00:00.000Z',
  textingAllowed: true,
};

/** The Texting tab's panel (or the Overview's notice) as the server would render it from a cached registration. */
function render(registration: MessagingRegistration, view: 'panel' | 'notice' = 'panel') {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(registrationQueryKey('owner-1'), registration);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      {view === 'panel' ? (
        <RegistrationPanel userId="owner-1" />
      ) : (
        <TextingPausedNotice userId="owner-1" onOpen={() => undefined} />
      )}
    </QueryClientProvider>,
  );
}

describe('the Texting tab and a changed number (decision 169, "A changed number")', () => {
  it('says, as a status line, that the new number is still joining the registration', () => {
    const html = render({ ...approved, numberPending: true });
    expect(html).toContain('role="status"');
    expect(html).toContain(T.numberPending);
  });

  it('says nothing of it once the number has joined', () => {
    expect(render(approved)).not.toContain('registration-number-pending');
  });
});

describe("the Overview's texts-paused notice (decision 169)", () => {
  it('says why texts are paused until the registration is approved', () => {
    const html = render({ ...approved, state: 'in_review', textingAllowed: false }, 'notice');
    expect(html).toContain(TEXTING_PAUSED_TEXTS.title);
    expect(html).toContain(REGISTRATION_BADGES.in_review);
    expect(html).toContain(TEXTING_PAUSED_TEXTS.why);
  });

  it('once approved, speaks up while a changed number has not joined the registration yet', () => {
    const html = render({ ...approved, numberPending: true }, 'notice');
    expect(html).toContain('role="status"');
    expect(html).toContain(T.numberPending);
    expect(html).toContain(T.viewRegistration);
    expect(html).not.toContain(TEXTING_PAUSED_TEXTS.why);
  });

  it('says nothing when texting is allowed and the number has joined', () => {
    expect(render(approved, 'notice')).toBe('');
  });
});
