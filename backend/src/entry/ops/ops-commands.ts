import { MODULE_CAPABILITIES } from '@shared/objective-templates';
import { toE164Phone } from '@shared/phone/phone-number';
import type { AppDeps } from '../app-types';
import { processPaymentEvent } from '../../capabilities/billing/index';
import { numberHolder } from '../../capabilities/phone-numbers/index';
import type { PaymentEvent } from '../../providers/payments/port';
import type { IdentityUser } from '../../providers/identity/port';
import { repointNumbers } from '../../providers/telephony/repoint-numbers';

/** What `npm run ops` prints: lines of text, and whether the command failed. */
export type OpsResult = { lines: string[]; failed?: boolean };

export class OpsError extends Error {}

export const GRANTABLE_MODULES = Object.keys(MODULE_CAPABILITIES);
const BETA_ATTRIBUTE = 'custom:beta_tester';

type OpsDeps = Pick<
  AppDeps,
  | 'data'
  | 'providers'
  | 'logger'
  | 'metrics'
  | 'onTrialCompleted'
  | 'referralRewards'
  | 'receptionist'
  | 'config'
>;

/**
 * The operator's commands (issue 14 §8), the same locally and against a deployed stage: the CLI
 * (scripts/ops.ts) only decides which table, user pool and vendor keys they run against.
 */
export function opsCommands(deps: OpsDeps) {
  /** An owner from an e-mail, an assistant number (with its +, spaces allowed) or a user id. */
  async function findOwner(who: string): Promise<{ ownerId: string; user?: IdentityUser }> {
    if (who.includes('@')) {
      const user = await deps.providers.identity.findByEmail(who);
      if (!user) throw new OpsError(`No account with the e-mail ${who}`);
      return { ownerId: user.sub, user };
    }
    const number = who.startsWith('+') ? toE164Phone(who, 'possible') : undefined;
    if (number) {
      const reservation = await deps.data.phoneReservations.get(number);
      if (!reservation) throw new OpsError(`No owner holds the number ${number}`);
      return {
        ownerId: reservation.owner_id,
        user: await deps.providers.identity.findBySub(reservation.owner_id),
      };
    }
    if (!/^[\w-]{8,128}$/.test(who)) throw new OpsError(`Not an e-mail, E.164 number or user id: ${who}`);
    return { ownerId: who, user: await deps.providers.identity.findBySub(who) };
  }

  return {
    async lookup(who: string): Promise<OpsResult> {
      const { ownerId, user } = await findOwner(who);
      const [config, subscription] = await Promise.all([
        deps.data.businessConfigs.getConfig(ownerId),
        deps.data.subscriptions.getSubscription(ownerId),
      ]);
      const row = (label: string, value: unknown) => `${label.padEnd(18)} ${value ?? '—'}`;
      return {
        lines: [
          row('user id', ownerId),
          row('e-mail', user?.email ?? (user ? undefined : 'no account in the user pool')),
          row(
            'account',
            user ? `${user.status ?? 'unknown'}${user.enabled ? '' : ' (disabled)'}` : undefined,
          ),
          row('beta tester', user?.attributes[BETA_ATTRIBUTE]),
          row('created', user?.createdAt),
          row('business', config?.business_name),
          row('business phone', config?.phone_number),
          row('assistant number', config?.assistant_phone),
          row('setup complete', config ? String(!!config.setup_completed) : undefined),
          row('granted modules', config?.authorized_modules?.join(', ') || undefined),
          row(
            'subscription',
            `${subscription.status}${subscription.plan_id ? ` (${subscription.plan_id})` : ''}`,
          ),
          row('period end', subscription.current_period_end),
        ],
      };
    },

    async admitBeta(email: string): Promise<OpsResult> {
      const user = await deps.providers.identity.findByEmail(email);
      if (!user) throw new OpsError(`No account with the e-mail ${email}: they must sign up first`);
      if (user.attributes[BETA_ATTRIBUTE] === 'true') return { lines: [`${email} is already a beta tester`] };
      await deps.providers.identity.setAttributes(user.username, { [BETA_ATTRIBUTE]: 'true' });
      return {
        lines: [
          `${email} (${user.sub}) is now a beta tester.`,
          'It takes effect at their next sign-in (their current token still says otherwise).',
        ],
      };
    },

    async grantModules(who: string, modules: string[], revoke = false): Promise<OpsResult> {
      const unknown = modules.filter((m) => !GRANTABLE_MODULES.includes(m));
      if (modules.length === 0 || unknown.length > 0) {
        throw new OpsError(
          `${unknown.length ? `Unknown module(s): ${unknown.join(', ')}. ` : ''}Modules: ${GRANTABLE_MODULES.join(', ')}`,
        );
      }
      const { ownerId } = await findOwner(who);
      const config = await deps.data.businessConfigs.getConfig(ownerId);
      if (!config) throw new OpsError(`${who} has no business config yet (setup step 1 not saved)`);
      const current = new Set(config.authorized_modules ?? []);
      for (const m of modules) {
        if (revoke) current.delete(m);
        else current.add(m);
      }
      const authorized = GRANTABLE_MODULES.filter((m) => current.has(m));
      await deps.data.businessConfigs.updateConfigFields(ownerId, { authorized_modules: authorized });
      return { lines: [`${ownerId}: modules now ${authorized.join(', ') || 'none'}`] };
    },

    async failedWebhooks(): Promise<OpsResult> {
      const failures = await deps.data.webhookFailures.list();
      if (failures.length === 0) return { lines: ['No failed webhooks.'] };
      return {
        lines: [
          ...failures.map(
            (f) =>
              `${f.last_failed_at}  ${f.provider}  ${f.event_id}  ${f.event_type}  ×${f.attempts}` +
              `${f.payload ? '' : '  (payload too large: replay from the provider)'}  ${f.last_error}`,
          ),
          `${failures.length} failed webhook event(s)`,
        ],
      };
    },

    async replayWebhooks(eventIds: string[] | 'all'): Promise<OpsResult> {
      const failures =
        eventIds === 'all'
          ? await deps.data.webhookFailures.list()
          : await Promise.all(
              eventIds.map(async (id) => {
                const failure =
                  (await deps.data.webhookFailures.get('stripe', id)) ??
                  (await deps.data.webhookFailures.get('stripe-connect', id));
                if (!failure) throw new OpsError(`No recorded failure for event ${id}`);
                return failure;
              }),
            );
      const lines: string[] = [];
      let failed = false;
      for (const failure of failures) {
        if (!failure.payload) {
          lines.push(`skipped   ${failure.event_id}: no payload kept (replay it from the provider)`);
          failed = true;
          continue;
        }
        try {
          const outcome = await processPaymentEvent(
            deps,
            JSON.parse(failure.payload) as PaymentEvent,
            failure.payload,
            failure.provider === 'stripe-connect' ? 'stripe-connect' : 'stripe',
          );
          // Handled meanwhile (the provider's own retry): nothing left to do but forget the failure.
          if (outcome === 'duplicate')
            await deps.data.webhookFailures.resolve(failure.provider, failure.event_id);
          lines.push(`${outcome.padEnd(9)} ${failure.event_id} (${failure.event_type})`);
        } catch (error) {
          failed = true;
          lines.push(
            `failed    ${failure.event_id}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      lines.push(`${failures.length} event(s) replayed`);
      return { lines, failed };
    },

    /**
     * Decision 169's migration rule: an owner whose A2P brand and campaign the operator registered in
     * Twilio's console (before the product registered owners itself) may text US numbers.
     */
    async approveTexting(who: string): Promise<OpsResult> {
      const { ownerId } = await findOwner(who);
      const before = await deps.data.messagingRegistrations.get(ownerId);
      if (before?.state === 'approved') return { lines: [`${ownerId} is already approved for texting`] };
      await deps.data.messagingRegistrations.markApproved(ownerId, 'operator', new Date().toISOString());
      return {
        lines: [
          `${ownerId} is now approved for texting (was ${before?.state ?? 'not_started'}).`,
          'Only do this for an owner whose brand and campaign Twilio shows as approved.',
        ],
      };
    },

    async repointNumbers(apiUrl: string): Promise<OpsResult> {
      const outcomes = await repointNumbers(deps.providers.telephony, apiUrl, numberHolder(deps.data));
      return {
        lines: [
          ...outcomes.map(
            (o) => `${o.outcome.padEnd(9)} ${o.phoneNumber} (${o.sid})${o.error ? `: ${o.error}` : ''}`,
          ),
          `${outcomes.length} numbers on the ${deps.providers.telephony.name} account`,
        ],
        failed: outcomes.some((o) => o.outcome === 'failed'),
      };
    },
  };
}
