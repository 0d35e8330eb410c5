import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MessagingRegistration } from '@shared/schemas/messaging-registration';
import { REGISTRATION_FORM_TEXTS as T } from '@shared/messaging-registration-form';
import { registrationQueryKey } from '../hooks/registration-query';
import { RegistrationPanel } from './registration-panel';

const approved: MessagingRegistration = {
  state: 'approved',
  updatedAt: '2026-11-29T04:00:00.000Z',
  textingAllowed: true,
};

/** The panel as the server would render it from a cached registration (no request is made). */
function render(registration: MessagingRegistration) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(registrationQueryKey('owner-1'), registration);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <RegistrationPanel userId="owner-1" />
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
