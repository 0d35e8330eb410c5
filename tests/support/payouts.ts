import type { AppDeps } from '../../backend/src/entry/app-types';
import { OBJECTIVE_TEMPLATES, primaryObjectiveFromTemplate } from '../../shared/objective-templates';
import { isLocalPaymentsProvider } from '../../backend/src/local/stripe/local-payments';

/**
 * The owner finishes Stripe Connect onboarding on the local provider's page (outcome 'complete' by default):
 * their account exists, is theirs, and its state is synced as the account.updated webhook would.
 */
export async function onboardLocalPayouts(
  deps: Pick<AppDeps, 'providers' | 'data'>,
  ownerId: string,
  outcome: 'complete' | 'restricted' | 'incomplete' = 'complete',
) {
  const payments = deps.providers.payments;
  if (!isLocalPaymentsProvider(payments)) throw new Error('onboardLocalPayouts needs the local provider');
  const created = await payments.createConnectedAccount(
    { ownerId, email: undefined, businessName: undefined },
    `connect-account-${ownerId}`,
  );
  const { accountId } = await deps.data.payouts.claimAccount(ownerId, created.id);
  const link = await payments.createAccountLink({
    accountId,
    refreshUrl: 'http://app.test/dashboard?stripe=refresh',
    returnUrl: 'http://app.test/dashboard?stripe=return',
  });
  await payments.finishOnboarding(link.url.split('/').at(-1)!, outcome);
  const { id: _id, ...snapshot } = (await payments.retrieveConnectedAccount(accountId))!;
  await deps.data.payouts.syncAccount(ownerId, accountId, snapshot);
  return accountId;
}

/** The owner's primary objective becomes "Book Appointments with Deposit" (it asks for deposit collection). */
export async function saveDepositObjective(deps: Pick<AppDeps, 'data'>, ownerId: string) {
  const config = await deps.data.businessConfigs.getConfig(ownerId);
  await deps.data.objectives.saveObjective(
    ownerId,
    primaryObjectiveFromTemplate(OBJECTIVE_TEMPLATES.book_with_deposit, {
      id: 'obj-1',
      business_id: config!.business_id,
    }),
  );
}
