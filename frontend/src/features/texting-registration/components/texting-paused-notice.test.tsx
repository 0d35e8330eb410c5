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
import { TextingPausedNotice } from './texting-paused-notice';

const approved: MessagingRegistration = {
  state: 'approved',
  updatedAt: '2026-11-29T04:00:00.000Z',
  textingAllowed: true,
};

/** The Overview's notice as the server would render it from a cached registration (no request is made). */
function render(registration: MessagingRegistration) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(registrationQueryKey('owner-1'), registration);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <TextingPausedNotice userId="owner-1" onOpen={() => undefined} />
    </QueryClientProvider>,
  );
}

describe("the Overview's texts-paused notice (decision 169)", () => {
  it('says why texts are paused until the registration is approved', () => {
    const html = render({ state: 'in_review', updatedAt: approved.updatedAt, textingAllowed: false });
    expect(html).toContain(TEXTING_PAUSED_TEXTS.title);
    expect(html).toContain(REGISTRATION_BADGES.in_review);
    expect(html).toContain(TEXTING_PAUSED_TEXTS.why);
  });

  it('once approved, speaks up while a changed number has not joined the registration yet', () => {
    const html = render({ ...approved, numberPending: true });
    expect(html).toContain('role="status"');
    expect(html).toContain(T.numberPending);
    expect(html).toContain(T.viewRegistration);
    expect(html).not.toContain(TEXTING_PAUSED_TEXTS.why);
  });

  it('says nothing when texting is allowed and the number has joined', () => {
    expect(render(approved)).toBe('');
  });
});
