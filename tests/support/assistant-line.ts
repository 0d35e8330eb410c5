import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../backend/src/entry/app-types';
import { localStockPage } from '../../backend/src/local/twilio/local-inventory';
import { telephonyWebhookUrls } from '../../backend/src/providers/telephony/port';

/** Where tests' numbers point their webhooks: app.request's own origin. */
export const TEST_API_ORIGIN = 'http://localhost';

let nextNumber = 0;

/**
 * An owner whose assistant answers a local number, set up the way step 4 does it (claim, buy through the
 * local telephony provider with the webhook URLs, activate, assistant_phone on the config), optionally
 * with a trialing subscription as the local payments provider would sync it.
 */
export async function createAssistantLine(
  deps: AppDeps,
  options: {
    subscription?: 'trialing' | 'active' | 'canceled' | 'none';
    businessName?: string;
    /**
     * 'approved' (the default): the owner's A2P campaign is approved, so texts flow, as the seed rule of
     * docs/decisions/169 does for test owners; 'not_registered': texts to US numbers are held back.
     */
    texting?: 'approved' | 'not_registered';
    /** A signed-up owner's id (their token's sub), for tests that call the API as them. */
    ownerId?: string;
  } = {},
) {
  const ownerId = options.ownerId ?? randomUUID();
  const businessName = options.businessName ?? 'Bella Hair Studio';
  await deps.data.businessConfigs.createConfig(ownerId, {
    business_name: businessName,
    phone_number: '+14155550142',
    address: '12 Market St, San Francisco, CA',
  });
  // Numbers far down the 212 sequence, one per line, so lines in one test table never collide.
  const assistantNumber = localStockPage('212', 5000 + nextNumber++, 1)[0]!.phone_number;
  const claim = await deps.data.phoneReservations.claim(ownerId, assistantNumber);
  if (claim.outcome !== 'claimed') throw new Error(`could not claim ${assistantNumber}`);
  const { sid } = await deps.providers.telephony.purchase({
    phoneNumber: assistantNumber,
    ...telephonyWebhookUrls(TEST_API_ORIGIN, ownerId),
  });
  await deps.data.phoneReservations.activate(ownerId, assistantNumber, sid, []);
  await deps.data.businessConfigs.updateConfigFields(ownerId, { assistant_phone: assistantNumber });
  if ((options.texting ?? 'approved') === 'approved') await approveTexting(deps, ownerId);
  const status = options.subscription ?? 'trialing';
  if (status !== 'none') await setSubscription(deps, ownerId, status);
  return { ownerId, assistantNumber, businessName };
}

export async function setSubscription(
  deps: AppDeps,
  ownerId: string,
  status: 'trialing' | 'active' | 'canceled',
) {
  const seconds = Math.floor(Date.now() / 1000);
  await deps.data.subscriptions.syncFromProvider(ownerId, {
    id: `sub_${ownerId.slice(0, 8)}`,
    customerId: `cus_${ownerId.slice(0, 8)}`,
    status,
    priceId: 'price_essential_monthly',
    planName: 'Essential',
    currentPeriodEnd: seconds + 30 * 86_400,
    trialEnd: status === 'trialing' ? seconds + 14 * 86_400 : null,
    cancelAtPeriodEnd: false,
    metadata: {},
  });
}

/** Decision 169's seed rule: a test owner registered outside the flow, so texts to US numbers flow. */
export async function approveTexting(deps: Pick<AppDeps, 'messagingRegistrations'>, ownerId: string) {
  await deps.messagingRegistrations.markApproved(ownerId, 'seed');
}
