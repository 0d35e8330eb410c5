import { randomUUID } from 'node:crypto';
import { businessClockOf } from '@shared/analytics';
import { DEFAULT_TIME_ZONE } from '@shared/receptionist/time-zones';
import { conversationSummary, isOtherLanguage } from '@shared/call-log';
import type { BusinessConfig } from '@shared/schemas/business-config';
import { defaultNotificationPreferences, type NotificationPreferences } from '@shared/schemas/notifications';
import { NOTIFICATION_LIMITS, type NotificationEmailKind } from '@shared/notifications';
import { isNorthAmericanPhone } from '@shared/phone/phone-number';
import type { BusinessConfigRepository } from '../setup/records/index';
import type { ConversationRepository, OwnerMessageRepository } from '../conversations/records/index';
import type { ConversationStateRepository, ConversationState } from '../receptionist/records/index';
import { dueHourOf, type NotificationRepository } from './records/notification-records';
import { conversationStartMarker } from './records/start-marker';
import type { RateLimiter } from '../../platform/dynamo/rate-limits';
import type { Logger } from '../../platform/logging/logger';
import type { Metrics } from '../../platform/observability/metrics';
import type { EmailSender } from '../../providers/email/port';
import { outcomeOf } from '../receptionist/index';
import { digestCounts, digestEmail, digestIsEmpty, yesterdayWindow } from './digest';
import {
  callerWords,
  conversationLink,
  summaryEmail,
  type EmailLinks,
  type SummaryFacts,
} from './summary-email';
import type { UnsubscribeTokens } from './unsubscribe-token';
import { urgentReasonsOf, urgentSmsText, type UrgentReason } from './urgent-sms';

/**
 * Issue 13 §2, docs/decisions/130-notifications.md: after-conversation e-mails, urgent texts and the daily
 * digest. A conversation's end writes a due marker (one put) and sends in the background, so a hang-up never
 * waits on SES; the sweep finishes what the background did not (a frozen Lambda, a failed send) and closes
 * SMS conversations that went quiet. Every notification is claimed once (data/notifications.ts) before it
 * is sent, so parallel finishes and the sweep send it once.
 */
export type NotifierDeps = {
  data: {
    notifications: NotificationRepository;
    businessConfigs: Pick<BusinessConfigRepository, 'getConfig'>;
    conversationStates: Pick<ConversationStateRepository, 'get'>;
    conversations: Pick<ConversationRepository, 'listConversations'>;
    ownerMessages: Pick<OwnerMessageRepository, 'takenBetween'>;
  };
  email: EmailSender;
  /**
   * The English of a caller's words for the summary e-mail (the llm provider's renderInEnglish): undefined
   * without a model. Absent where nothing renders (tests that need none).
   */
  renderInEnglish?: (lines: readonly string[]) => Promise<string[] | undefined>;
  /**
   * The e-mail requirement's missing keys (in AWS: SES_FROM_ADDRESS, TOKEN_ENCRYPTION_KEY): while any is
   * missing nothing is e-mailed, and each e-mail skipped says so (docs/decisions/160-fail-closed.md).
   */
  emailMissingKeys: readonly string[];
  /** Counts EmailUnavailable for each e-mail skipped for want of a key (the alarm of the same name). */
  metrics: Pick<Metrics, 'count'>;
  sms: { sendSms(message: { from: string; to: string; body: string }): Promise<unknown> };
  rateLimiter: Pick<RateLimiter, 'hit'>;
  /**
   * The owner's sign-in e-mail (the user pool's), where summaries go by default when setup step 5 left the
   * escalation e-mail empty: without it such an owner would never hear of a call.
   */
  signInEmailOf: (ownerId: string) => Promise<string | undefined>;
  /** Absent when no signing key is configured (AWS without TOKEN_ENCRYPTION_KEY): nothing is e-mailed. */
  tokens: UnsubscribeTokens | undefined;
  /** The API's public base (unsubscribe pages) and the web app's (dashboard links). */
  apiUrl: string;
  appUrl: string;
  now: () => Date;
  logger: Logger;
};

/** How long a claim holds before another sender may take over (a send never takes this long). */
const CLAIM_LEASE_MS = 120_000;
const MINUTE = 60_000;

type DeliverResult = 'sent' | 'already' | 'skipped' | 'not_ended';
/** A due marker as the sweep's batches carry it (notifications/fan-out.ts). */
export type SweepDue = { conversation_id: string; due_hour: string; due_at: string };
/** Closes a conversation unless it saw activity after `idleSince` (the receptionist's finish). */
export type FinishConversation = (id: string, reason: string, idleSince?: Date) => Promise<void>;

/** Urgent texts go to US and Canadian mobiles only, like the preference's own check (isUrgentSmsNumber). */
export const isTextableMobile = (phone: string | undefined): phone is string => isNorthAmericanPhone(phone);

export function createNotifier(deps: NotifierDeps) {
  const { data, logger } = deps;
  const inFlight = new Set<Promise<unknown>>();

  /** Runs work after the caller's answer; failures are logged and left for the sweep. */
  const inBackground = (name: string, work: () => Promise<unknown>) => {
    const running = work()
      .catch((error: unknown) => logger.warn(`notifications.${name}_failed`, { error: String(error) }))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  };

  /** The sign-in e-mail, or '' when the user pool cannot say (logged: the sweep does not retry for it). */
  const signInEmail = async (ownerId: string) => {
    try {
      return (await deps.signInEmailOf(ownerId)) ?? '';
    } catch (error) {
      logger.warn('notifications.sign_in_email_unknown', { owner_id: ownerId, error: String(error) });
      return '';
    }
  };

  /**
   * The owner's saved preferences, or the defaults addressed to the escalation e-mail of step 5, else the
   * sign-in e-mail (as `GET /notifications` shows them).
   */
  const preferencesOf = async (ownerId: string, config: BusinessConfig | undefined) =>
    (await data.notifications.getPreferences(ownerId)) ??
    defaultNotificationPreferences(config?.escalation_email || (await signInEmail(ownerId)));

  const linksFor = (ownerId: string, kind: NotificationEmailKind): EmailLinks | undefined => {
    if (!deps.tokens) return undefined;
    const token = deps.tokens.sign({ ownerId, kind });
    return {
      unsubscribe: `${deps.apiUrl}/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      settings: `${deps.appUrl}/dashboard?tab=notifications`,
    };
  };

  /** Sends one e-mail of a kind within the owner's daily cap; false when the cap or the setup says no. */
  async function sendEmail(
    ownerId: string,
    to: string,
    kind: NotificationEmailKind,
    build: (
      links: EmailLinks,
    ) => Promise<{ subject: string; text: string }> | { subject: string; text: string },
  ): Promise<boolean> {
    const links = linksFor(ownerId, kind);
    if (deps.emailMissingKeys.length > 0 || !links) {
      // Marked skipped, not retried: every sweep would otherwise fail the same way until a deploy adds the key.
      logger.error('notifications.email_not_configured', {
        owner_id: ownerId,
        kind,
        missing_keys: deps.emailMissingKeys.length > 0 ? deps.emailMissingKeys : ['TOKEN_ENCRYPTION_KEY'],
      });
      deps.metrics.count('EmailUnavailable');
      return false;
    }
    if (!(await deps.rateLimiter.hit(`notify-email#${ownerId}`, NOTIFICATION_LIMITS.emailsPerDay, 86_400))) {
      logger.warn('notifications.email_cap_reached', { owner_id: ownerId, kind });
      return false;
    }
    // Built after the cap: whatever building costs (an English rendering) is bounded by the e-mails sent.
    const { subject, text } = await build(links);
    await deps.email.send({
      to,
      subject,
      text,
      kind: `notification-${kind}`,
      // RFC 2369 + RFC 8058: mail clients show their own "Unsubscribe" and POST to it in one click.
      headers: [
        { name: 'List-Unsubscribe', value: `<${links.unsubscribe}>` },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ],
    });
    return true;
  }

  /** One urgent text, once per (reason, id), within the owner's daily cap; failures are logged, not retried. */
  async function sendUrgent(
    ownerId: string,
    config: BusinessConfig | undefined,
    prefs: NotificationPreferences,
    reason: UrgentReason,
    onceId: string,
    body: string,
  ) {
    if (!prefs.urgent_sms || !prefs.urgent_sms_reasons.includes(reason)) return;
    if (!isTextableMobile(prefs.urgent_sms_number)) return;
    const from = config?.assistant_phone;
    if (!isTextableMobile(from)) return;
    const holder = randomUUID();
    const scope = `urgent-${reason}`;
    if (!(await data.notifications.claimOnce(scope, onceId, holder, deps.now(), CLAIM_LEASE_MS))) return;
    try {
      if (!(await deps.rateLimiter.hit(`notify-sms#${ownerId}`, NOTIFICATION_LIMITS.smsPerDay, 86_400))) {
        logger.warn('notifications.sms_cap_reached', { owner_id: ownerId, reason });
        await data.notifications.completeOnce(scope, onceId, holder, 'skipped', deps.now());
        return;
      }
      await deps.sms.sendSms({ from, to: prefs.urgent_sms_number, body });
      await data.notifications.completeOnce(scope, onceId, holder, 'sent', deps.now());
      logger.info('notifications.urgent_sms_sent', { owner_id: ownerId, reason });
    } catch (error) {
      logger.warn('notifications.urgent_sms_failed', { owner_id: ownerId, reason, error: String(error) });
      await data.notifications.completeOnce(scope, onceId, holder, 'skipped', deps.now());
    }
  }

  const factsOf = (state: ConversationState): SummaryFacts => {
    const callerTurns = state.turns.filter((turn) => turn.speaker === 'caller').length;
    const outcome = outcomeOf(state.achieved, callerTurns);
    return {
      id: state.id,
      channel: state.channel,
      caller: state.caller,
      started_at: state.started_at,
      ended_at: state.ended_at ?? state.last_at,
      amount_collected_cents: state.amount_collected_cents,
      actions: state.actions,
      outcome,
      summary: conversationSummary({ actions: state.actions, transcript: state.turns, outcome }),
      ...(state.language ? { language: state.language } : {}),
      ...(isOtherLanguage(state.language) ? { callerWords: callerWords(state.turns) } : {}),
    };
  };

  /**
   * The English of a caller's words when they did not speak English (decision 174): one bounded request
   * per summary e-mail; no model, or any failure, means no rendering, never a lost e-mail.
   */
  async function withEnglish(facts: SummaryFacts, ownerId: string): Promise<SummaryFacts> {
    if (!deps.renderInEnglish || !facts.callerWords?.length) return facts;
    try {
      const english = await deps.renderInEnglish(facts.callerWords);
      return english?.length ? { ...facts, englishRendering: english } : facts;
    } catch (error) {
      // The words themselves stay out of the log (they are the caller's).
      logger.warn('notifications.english_rendering_failed', { owner_id: ownerId, error: String(error) });
      return facts;
    }
  }

  /**
   * The summary e-mail (and the urgent texts) of one ended conversation, at most once whoever calls it.
   * Rejects when sending failed: the claim is released so the sweep sends it later.
   */
  async function deliverSummary(conversationId: string): Promise<DeliverResult> {
    const state = await data.conversationStates.get(conversationId);
    if (!state?.ended_at) return 'not_ended';
    // The owner's own test chats and calls: they watched them happen; an e-mail would only be noise.
    if (state.channel === 'test') return 'skipped';
    const holder = randomUUID();
    if (!(await data.notifications.claimOnce('summary', state.id, holder, deps.now(), CLAIM_LEASE_MS)))
      return 'already';
    const ownerId = state.owner_id;
    let sent = false;
    try {
      const config = await data.businessConfigs.getConfig(ownerId);
      const prefs = await preferencesOf(ownerId, config);
      const timeZone = config?.time_zone ?? DEFAULT_TIME_ZONE;
      const facts = factsOf(state);
      const link = conversationLink(deps.appUrl, facts);
      await data.notifications.addDigestRecipient(ownerId, timeZone, deps.now());
      if (prefs.summary_email && prefs.email) {
        sent = await sendEmail(ownerId, prefs.email, 'summary', async (links) =>
          summaryEmail({
            businessName: config?.business_name ?? '',
            timeZone,
            conversation: await withEnglish(facts, ownerId),
            conversationLink: link,
            links,
          }),
        );
      }
      const messageAction = state.actions.findLast((a) => a.tool === 'take_message' && a.ok);
      for (const reason of urgentReasonsOf(state.actions)) {
        await sendUrgent(
          ownerId,
          config,
          prefs,
          reason,
          state.id,
          urgentSmsText({
            reason,
            businessName: config?.business_name ?? '',
            caller: state.caller,
            ...(reason === 'message_taken' && messageAction ? { detail: messageAction.summary } : {}),
            language: state.language,
            link,
          }),
        );
      }
    } catch (error) {
      await data.notifications.releaseOnce('summary', state.id, holder);
      throw error;
    }
    await data.notifications.completeOnce('summary', state.id, holder, sent ? 'sent' : 'skipped', deps.now());
    if (sent) logger.info('notifications.summary_sent', { owner_id: ownerId, conversation_id: state.id });
    return sent ? 'sent' : 'skipped';
  }

  /** Sweep bookkeeping: look at this conversation again at `dueAt`. */
  const markDue = (state: ConversationState, dueAt: Date) =>
    state.channel === 'test'
      ? Promise.resolve()
      : data.notifications.markDue(state.id, state.owner_id, dueAt);

  return {
    deliverSummary,

    /** A new conversation's due marker, written in the transaction that creates it. */
    startMarker: (state: ConversationState) => conversationStartMarker(data.notifications, state),

    /** The conversation ended: a durable due marker now, the e-mail in the background. */
    async conversationEnded(state: ConversationState) {
      if (state.channel === 'test') return;
      await markDue(state, deps.now());
      inBackground('summary', () => deliverSummary(state.id));
    },

    /** The payment webhook confirmed a deposit: the owner's urgent text, once per checkout session. */
    async depositPaid(input: {
      ownerId: string;
      sessionId: string;
      amountCents: number;
      caller: string;
      conversation?: Pick<ConversationState, 'id' | 'started_at' | 'channel'>;
    }) {
      if (input.conversation?.channel === 'test') return;
      try {
        const config = await data.businessConfigs.getConfig(input.ownerId);
        const prefs = await preferencesOf(input.ownerId, config);
        const link = input.conversation
          ? conversationLink(deps.appUrl, input.conversation)
          : `${deps.appUrl}/dashboard?tab=appointments`;
        await sendUrgent(
          input.ownerId,
          config,
          prefs,
          'deposit_paid',
          input.sessionId,
          urgentSmsText({
            reason: 'deposit_paid',
            businessName: config?.business_name ?? '',
            caller: input.caller,
            amountCents: input.amountCents,
            link,
          }),
        );
      } catch (error) {
        logger.warn('notifications.deposit_sms_failed', { owner_id: input.ownerId, error: String(error) });
      }
    },

    /**
     * One owner's due markers in a sweep run (the planner listed them, notifications/fan-out.ts): ended
     * conversations get their summary (again, if the background send was lost), quiet SMS threads and calls
     * without an end are closed first. A marker stays when its conversation failed; then this rejects after
     * the others were handled, so the owner's batch is retried.
     */
    async sweepDue(due: readonly SweepDue[], finish: FinishConversation) {
      const now = deps.now();
      const result = { looked: 0, closed: 0, sent: 0, failed: 0 };
      for (const marker of due) {
        if (Date.parse(marker.due_at) > now.getTime()) continue;
        result.looked += 1;
        try {
          const outcome = await sweepOne(marker.conversation_id, new Date(marker.due_at), now, finish);
          if (outcome === 'closed') result.closed += 1;
          if (outcome === 'sent') result.sent += 1;
          // A marker moved to a later time in this same hour is the same item: it stays.
          if (outcome !== 'moved_within_hour')
            await data.notifications.clearDue(marker.due_hour, marker.conversation_id);
        } catch (error) {
          result.failed += 1;
          logger.warn('notifications.sweep_failed', {
            conversation_id: marker.conversation_id,
            error: String(error),
          });
        }
      }
      if (result.failed > 0)
        throw new Error(`${result.failed} of ${result.looked} due conversations failed; their markers stay`);
      return result;
    },

    /**
     * One owner's daily digest for the run at `now` (listed by the planner under `timeZone`): sent once per
     * owner and local date, however often it runs. Rejects when sending failed (the claim is released).
     */
    digest: (ownerId: string, timeZone: string, now: Date) => sendDigest(ownerId, timeZone, now),

    /** Resolves when background sends started so far have finished (tests, graceful shutdown). */
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },

    preferencesOf,
    /** Verifies unsubscribe links (absent without a signing key). */
    tokens: deps.tokens,
  };

  async function sweepOne(conversationId: string, dueAt: Date, now: Date, finish: FinishConversation) {
    const state = await data.conversationStates.get(conversationId);
    if (!state || state.channel === 'test') return 'gone';
    if (!state.ended_at) {
      const quietSince = new Date(now.getTime() - NOTIFICATION_LIMITS.smsQuietMinutes * MINUTE);
      const staleSince = new Date(now.getTime() - NOTIFICATION_LIMITS.voiceStaleMinutes * MINUTE);
      if (state.channel === 'sms' && Date.parse(state.last_at) <= quietSince.getTime()) {
        await finish(state.id, `no text for ${NOTIFICATION_LIMITS.smsQuietMinutes} minutes`, quietSince);
      } else if (state.channel === 'voice' && Date.parse(state.last_at) <= staleSince.getTime()) {
        await finish(state.id, 'no end of call was reported', staleSince);
      } else {
        // Still going (texts kept coming): look again once it can have gone quiet. Turns write no
        // markers themselves, so a busy thread costs the sweep one write per look, not every text one.
        const wait =
          state.channel === 'sms'
            ? NOTIFICATION_LIMITS.smsQuietMinutes
            : NOTIFICATION_LIMITS.voiceStaleMinutes;
        const next = new Date(Date.parse(state.last_at) + wait * MINUTE);
        await data.notifications.markDue(state.id, state.owner_id, next);
        return dueHourOf(next) === dueHourOf(dueAt) ? 'moved_within_hour' : 'moved';
      }
      const result = await deliverSummary(state.id);
      return result === 'not_ended' ? 'pending' : 'closed';
    }
    return (await deliverSummary(state.id)) === 'sent' ? 'sent' : 'done';
  }

  async function sendDigest(ownerId: string, zone: string, now: Date): Promise<boolean> {
    const config = await data.businessConfigs.getConfig(ownerId);
    const timeZone = config?.time_zone ?? DEFAULT_TIME_ZONE;
    if (!config || timeZone !== zone) {
      // The business moved zone (its next conversation lists it under the new one) or is gone.
      await data.notifications.removeDigestRecipient(ownerId, zone);
      return false;
    }
    const prefs = await preferencesOf(ownerId, config);
    if (!prefs.daily_digest || !prefs.email) return false;
    const window = yesterdayWindow(now, timeZone);
    const holder = randomUUID();
    const onceId = `${ownerId}#${window.date}`;
    if (!(await data.notifications.claimOnce('digest', onceId, holder, now, CLAIM_LEASE_MS))) return false;
    try {
      const [conversations, messages] = await Promise.all([
        data.conversations.listConversations(ownerId, window.from, new Date(window.to.getTime() - 1)),
        data.ownerMessages.takenBetween(ownerId, window.from, new Date(window.to.getTime() - 1)),
      ]);
      const counts = digestCounts(conversations, messages, window.from, businessClockOf(config));
      let sent = false;
      if (!digestIsEmpty(counts)) {
        const newestFirst = [...conversations].sort((a, b) => b.started_at.localeCompare(a.started_at));
        sent = await sendEmail(ownerId, prefs.email, 'digest', (links) =>
          digestEmail({
            businessName: config.business_name ?? '',
            timeZone,
            date: window.date,
            counts,
            conversations: newestFirst,
            callLogLink: `${deps.appUrl}/dashboard?tab=calls`,
            links,
          }),
        );
      }
      await data.notifications.completeOnce('digest', onceId, holder, sent ? 'sent' : 'skipped', now);
      return sent;
    } catch (error) {
      await data.notifications.releaseOnce('digest', onceId, holder);
      throw error;
    }
  }
}
export type Notifier = ReturnType<typeof createNotifier>;
