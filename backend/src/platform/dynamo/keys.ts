import { keyPart } from './key-part';

/**
 * Key builders: the tenant id in every key is the verified Cognito subject (docs/data-model.md). Every part
 * that can come from a caller (a path, a query, a body, a vendor's webhook) goes through keyPart, so no `#`
 * or oversized text lands inside a composite key (docs/decisions/158).
 */
export const userKey = (userId: string) => `USER#${keyPart(userId, 'user id')}`;
export const CALENDAR_CONNECTION_PREFIX = 'OAUTH#';
/** Conversation items' sk prefix; an ISO start time follows, so a time range is one sk BETWEEN. */
export const CONVERSATION_PREFIX = 'CONV#';
export const REFERRAL_PREFIX = 'REFERRAL#';
export const APPOINTMENT_PREFIX = 'APPT#';
/** Booking ledgers' sk prefix: a staff member's or resource's held intervals of one day. */
export const BOOKING_LEDGER_PREFIX = 'LEDGER#';
/** Owner messages' sk prefix; the ISO time the message was taken follows. */
export const OWNER_MESSAGE_PREFIX = 'MESSAGE#';
/** Blocked numbers' sk prefix; the E.164 number follows. */
export const BLOCKED_NUMBER_PREFIX = 'BLOCKED#';
/** API keys' sk prefix under the owner (docs/decisions/179); the key's id follows. */
export const API_KEY_PREFIX_SK = 'APIKEY#';
/** REST-hook subscriptions' sk prefix under the owner (docs/decisions/179); the hook's id follows. */
export const HOOK_PREFIX = 'HOOK#';
/** Caller memories' sk prefix; the caller's E.164 number follows. */
export const CALLER_MEMORY_PREFIX = 'CALLERMEMORY#';

/** The operator's list of webhook events whose handling failed (ops CLI). */
export const WEBHOOK_FAILURES_PK = 'OPS#WEBHOOK_FAILURES';

export const localCalendarPartition = (service: string, account: string) => `LOCALCAL#${service}#${account}`;

export const keys = {
  businessConfig: (userId: string) => ({ pk: userKey(userId), sk: 'CONFIG' }),
  /** Services, staff and resources (issue 34): one item, written whole with a version check. */
  calendarModel: (userId: string) => ({ pk: userKey(userId), sk: 'CALENDAR_MODEL' }),
  /** Billing (issue 4): the owner's subscription, customer link, plan selection and engagement answers. */
  subscription: (userId: string) => ({ pk: userKey(userId), sk: 'SUBSCRIPTION' }),
  billingCustomer: (userId: string) => ({ pk: userKey(userId), sk: 'BILLING_CUSTOMER' }),
  /** gsi1 key finding the owner of a payment-provider customer id (webhooks). */
  billingCustomerOwner: (customerId: string) => `BILLINGCUSTOMER#${keyPart(customerId, 'customer id')}`,
  planSelection: (userId: string) => ({ pk: userKey(userId), sk: 'PLAN_SELECTION' }),
  /** The owner's one open checkout (issue 10 §2): serializes checkouts across tabs and races. */
  checkoutLock: (userId: string) => ({ pk: userKey(userId), sk: 'CHECKOUT_LOCK' }),
  featureEngagement: (userId: string, featureType: string, featureId: string) => ({
    pk: userKey(userId),
    sk: `ENGAGEMENT#${keyPart(featureType, 'feature_type')}#${keyPart(featureId, 'feature_id')}`,
  }),
  webhookEvent: (provider: string, eventId: string) => ({
    pk: `WEBHOOK#${provider}#${keyPart(eventId, 'event id')}`,
    sk: 'EVENT',
  }),
  webhookFailure: (provider: string, eventId: string) => ({
    pk: WEBHOOK_FAILURES_PK,
    sk: `${provider}#${keyPart(eventId, 'event id')}`,
  }),
  waitlistEntry: (list: 'INTERNATIONAL' | 'BETA', email: string) => ({
    pk: `WAITLIST#${list}`,
    sk: `EMAIL#${keyPart(email.toLowerCase(), 'email')}`,
  }),
  /** gsi1 keys of the business config item: look a config up by its business_id. */
  businessIdIndex: (businessId: string) => ({
    gsi1pk: `BUSINESS#${keyPart(businessId, 'business id')}`,
    gsi1sk: 'CONFIG',
  }),
  /** The config's business phone (E.164) as its own item, so gsi1 finds configs by phone. */
  businessPhone: (userId: string) => ({ pk: userKey(userId), sk: 'CONFIG_PHONE' }),
  businessPhoneIndex: (userId: string, phone: string) => ({
    gsi1pk: `BIZPHONE#${keyPart(phone, 'phone')}`,
    gsi1sk: userKey(userId),
  }),
  /** The owner's objective and multi-objective config (one item). */
  objectives: (userId: string) => ({ pk: userKey(userId), sk: 'OBJECTIVES' }),
  /** One item per E.164 number: whoever holds it (docs/data-model.md "Phone reservation"). */
  phoneReservation: (phoneNumber: string) => ({
    pk: `PHONE#${keyPart(phoneNumber, 'phone number')}`,
    sk: 'RESERVATION',
  }),
  /** The owner's number-change lock: one change of the assistant phone at a time per owner. */
  phoneChangeLock: (userId: string) => ({ pk: userKey(userId), sk: 'PHONE_CHANGE_LOCK' }),
  /** gsi1 key listing the numbers an owner holds. */
  phoneHolder: (userId: string) => `PHONE_HOLDER#${userId}`,
  /** An owner's connection to one calendar service (sk prefix CALENDAR_CONNECTION_PREFIX lists them all). */
  calendarConnection: (userId: string, service: string) => ({
    pk: userKey(userId),
    sk: `${CALENDAR_CONNECTION_PREFIX}${service}`,
  }),
  /** A pending OAuth authorization, keyed by its unguessable state value. */
  oauthState: (state: string) => ({ pk: `OAUTHSTATE#${keyPart(state, 'state')}`, sk: 'STATE' }),
  /** The bot calendar we keep for the business, and one item per e-mail it was shared with. */
  botCalendar: (userId: string) => ({ pk: userKey(userId), sk: 'BOT_CALENDAR' }),
  botCalendarShare: (userId: string, email: string) => ({
    pk: userKey(userId),
    sk: `BOT_CALENDAR_SHARE#${keyPart(email, 'email')}`,
  }),
  /** The Business Calendar's subscription feed: the owner's current token hash (issue 12 §2). */
  calendarFeed: (userId: string) => ({ pk: userKey(userId), sk: 'CALENDAR_FEED' }),
  /** A feed token's hash → its owner: the public .ics route finds the owner by key, never by Scan. */
  calendarFeedToken: (tokenHash: string) => ({
    pk: `CALFEED#${keyPart(tokenHash, 'feed token')}`,
    sk: 'FEED',
  }),
  /** Referrals (issue 5): one item per referral under the referrer, found by code + e-mail through gsi1. */
  referral: (referrerId: string, referralId: string) => ({
    pk: userKey(referrerId),
    // An empty id gives the prefix that lists all of the referrer's referrals.
    sk: `${REFERRAL_PREFIX}${referralId && keyPart(referralId, 'referral id')}`,
  }),
  referralByCodeIndex: (code: string, email: string, referralId: string) => ({
    gsi1pk: `REFCODE#${keyPart(code, 'referral code')}`,
    // An empty id gives the prefix that finds this e-mail's referrals under the code.
    gsi1sk: `EMAIL#${keyPart(email, 'email')}#${referralId && keyPart(referralId, 'referral id')}`,
  }),
  /** Issue 10 §5: the referrer's count of no_response referrals, and one claim per referred e-mail. */
  referralCounts: (referrerId: string) => ({ pk: userKey(referrerId), sk: 'REFERRAL_COUNTS' }),
  referralEmailClaim: (referrerId: string, email: string) => ({
    pk: userKey(referrerId),
    sk: `REFERRAL_EMAIL#${keyPart(email, 'email')}`,
  }),
  /** The owner's one referral code, and the claim on the code that keeps it unique. */
  referralCode: (userId: string) => ({ pk: userKey(userId), sk: 'REFERRAL_CODE' }),
  referralCodeClaim: (code: string) => ({ pk: `REFCODE#${keyPart(code, 'referral code')}`, sk: 'OWNER' }),
  /**
   * One referral reward per referee e-mail, ever (decision 164): keyed by the address's SHA-256, so it
   * outlives an account deletion without keeping the address.
   */
  referralRewardEmail: (emailHash: string) => ({ pk: `REFREWARD#${emailHash}`, sk: 'EMAIL' }),
  /** An invoice whose use of referral credits was recorded (each invoice counts once). */
  referralCreditInvoice: (referrerId: string, invoiceId: string) => ({
    pk: userKey(referrerId),
    sk: `REFERRAL_INVOICE#${keyPart(invoiceId, 'invoice id')}`,
  }),
  /** Which referral a signed-up referee came through (one per referee). */
  refereeLink: (refereeId: string) => ({ pk: `REFEREE#${keyPart(refereeId, 'user id')}`, sk: 'REFERRAL' }),
  /** The local calendar vendors' own grants (codes, refresh tokens), keyed by a hash of the secret. */
  /** An event in a local vendor account's calendar (local mode only), sorted by start. */
  localCalendarEvent: (service: string, account: string, startIso: string, id: string) => ({
    pk: localCalendarPartition(service, account),
    sk: `EVENT#${startIso}#${id}`,
  }),
  localOAuthGrant: (
    service: string,
    kind: 'CODE' | 'REFRESH' | 'ACCESS' | 'ACCOUNT',
    secretHash: string,
  ) => ({
    pk: `LOCALOAUTH#${service}#${kind}#${secretHash}`,
    sk: 'GRANT',
  }),
  /**
   * One appointment per start and staff member; the sk sorts an owner's appointments by time. The implicit
   * staff member of a business without staff keeps the plain APPT#<start> (existing items keep their key);
   * a named one's follows it (APPT#<start>#<staffId>), so two stylists can both book 10:00
   * (docs/decisions/183-calendar-model.md "Booking invariant").
   */
  appointment: (userId: string, startsAtIso: string, staffId?: string) => ({
    pk: userKey(userId),
    sk: `${APPOINTMENT_PREFIX}${keyPart(startsAtIso, 'start')}${staffId ? `#${keyPart(staffId, 'staff id')}` : ''}`,
  }),
  /**
   * What one staff member (or resource) holds on one UTC day: the intervals [start, end + buffer) of its
   * booked appointments and a version, so every booking, move and cancellation that touches the day is one
   * conditional transaction with it (docs/decisions/183-calendar-model.md "Booking invariant").
   */
  bookingLedger: (userId: string, kind: 'STAFF' | 'RESOURCE', id: string, utcDate: string) => ({
    pk: userKey(userId),
    sk: `${BOOKING_LEDGER_PREFIX}${kind}#${keyPart(id, 'ledger id')}#${keyPart(utcDate, 'date')}`,
  }),
  /**
   * What the assistant remembers of one caller of one owner (docs/decisions/177-caller-memory.md): one item,
   * read with one GetItem when a conversation starts. Under the owner, so account deletion takes it too.
   */
  callerMemory: (userId: string, caller: string) => ({
    pk: userKey(userId),
    sk: `${CALLER_MEMORY_PREFIX}${keyPart(caller, 'caller')}`,
  }),
  /** The engine's working state of one conversation, keyed by its id alone: any instance takes the next turn. */
  conversationState: (conversationId: string) => ({
    pk: `CONVSTATE#${keyPart(conversationId, 'conversation id')}`,
    sk: 'STATE',
  }),
  /** The open conversation of one (business, channel, caller) thread, e.g. an SMS thread's 24-hour window. */
  conversationThread: (userId: string, channel: string, caller: string) => ({
    pk: userKey(userId),
    sk: `THREAD#${channel}#${caller}`,
  }),
  /** A deposit's checkout session → the appointment it holds (the signed webhook finds it by session id). */
  depositSession: (sessionId: string) => ({
    pk: `DEPOSIT#${keyPart(sessionId, 'session id')}`,
    sk: 'SESSION',
  }),
  /** A booking the assistant sent a scheduler's link for (Calendly), found by the link's token. */
  schedulingLinkBooking: (token: string) => ({ pk: `SCHEDLINK#${keyPart(token, 'token')}`, sk: 'PENDING' }),
  /** The owner's connected payout account and deposit settings (issue 12 §3, docs/decisions/150). */
  payouts: (userId: string) => ({ pk: userKey(userId), sk: 'PAYOUTS' }),
  /** A connected account id → its owner: the Connect webhook finds the owner by key, never by Scan. */
  payoutAccountOwner: (accountId: string) => ({
    pk: `PAYOUTACCOUNT#${keyPart(accountId, 'account id')}`,
    sk: 'OWNER',
  }),
  /** A message the assistant took for the owner. */
  ownerMessage: (userId: string, takenAtIso: string, id: string) => ({
    pk: userKey(userId),
    sk: `${OWNER_MESSAGE_PREFIX}${keyPart(takenAtIso, 'taken_at')}#${keyPart(id, 'message id')}`,
  }),
  /** One conversation record (issue 5); the sk sorts an owner's conversations by start time. */
  conversation: (userId: string, startedAtIso: string, id: string) => ({
    pk: userKey(userId),
    sk: `${CONVERSATION_PREFIX}${keyPart(startedAtIso, 'started_at')}#${keyPart(id, 'conversation id')}`,
  }),
  /** Issue 13 §2: the owner's notification preferences (one item). */
  notificationPreferences: (userId: string) => ({ pk: userKey(userId), sk: 'NOTIFY_PREFS' }),
  /**
   * One notification sent at most once (a conversation's summary, an urgent text, a day's digest): a
   * conditional put claims it before sending, so parallel finishes send one.
   */
  notificationOnce: (scope: string, id: string) => ({ pk: `NOTIFYONCE#${scope}#${id}`, sk: 'ONCE' }),
  /** A conversation the notifications sweep looks at once `due_at` has passed, bucketed by the due hour. */
  notificationDue: (dueHour: string, conversationId: string) => ({
    pk: `NOTIFYDUE#${dueHour}`,
    sk: `CONV#${conversationId}`,
  }),
  /**
   * One owner's part of one scheduled notification run (docs/decisions/162): claimed before the owner is
   * handled, so a batch delivered twice, or a second copy of the run, handles the owner once. One partition
   * per owner and run, so a run of 10,000 owners spreads its writes.
   */
  notificationRun: (job: string, runId: string, userId: string) => ({
    pk: `NOTIFYRUN#${job}#${runId}#${userId}`,
    sk: 'RUN',
  }),
  /** The owner's appointment reminder settings (one item, docs/decisions/175-reminders.md). */
  reminderSettings: (userId: string) => ({ pk: userKey(userId), sk: 'REMINDER_SETTINGS' }),
  /**
   * A reminder to send once `send_at` has passed, bucketed by that hour (the sweep queries the buckets, never
   * a Scan); the sk groups an hour's reminders by owner.
   */
  reminderDue: (sendHour: string, userId: string, appointmentId: string, offsetHours: number) => ({
    pk: `REMINDERDUE#${sendHour}`,
    sk: `${userId}#${appointmentId}#${offsetHours}`,
  }),
  /** One reminder of one appointment, claimed with a conditional put before it is sent: sent at most once. */
  reminderOnce: (userId: string, appointmentId: string, offsetHours: number) => ({
    pk: `REMINDERONCE#${userId}#${appointmentId}#${offsetHours}`,
    sk: 'ONCE',
  }),
  /** An owner the daily digest covers, listed under their business's time zone (the digest hour is local). */
  digestRecipient: (timeZone: string, userId: string) => ({
    pk: `DIGEST#${timeZone}`,
    // Server-made (the owner's own sub); an empty one gives the prefix the digest's query lists.
    sk: `USER#${userId}`,
  }),
  /** SMS channel (issue 9): a handled inbound MessageSid (duplicate deliveries get no second reply). */
  smsInbound: (messageSid: string) => ({ pk: `SMSIN#${keyPart(messageSid, 'MessageSid')}`, sk: 'MESSAGE' }),
  /** A caller who texted STOP to an assistant number: nothing more is sent to them from it. */
  smsOptOut: (assistantNumber: string, caller: string) => ({
    pk: `SMSOPTOUT#${assistantNumber}`,
    sk: `CALLER#${caller}`,
  }),
  /** The owner's A2P 10DLC registration (docs/decisions/169-a2p-10dlc-registration.md). */
  messagingRegistration: (userId: string) => ({ pk: userKey(userId), sk: 'MESSAGING_REGISTRATION' }),
  /** Whose registration a Twilio brand sid is: the status callbacks name the brand, not the owner. */
  messagingBrandOwner: (brandSid: string) => ({
    pk: `A2PBRAND#${keyPart(brandSid, 'brand sid')}`,
    sk: 'OWNER',
  }),
  /** When a lapsed owner's texter was last told the business's own number. */
  smsLapsedNotice: (userId: string, caller: string) => ({ pk: userKey(userId), sk: `SMSLAPSED#${caller}` }),
  /** A number the owner blocked (docs/decisions/176); the sk prefix BLOCKED_NUMBER_PREFIX lists them all. */
  blockedNumber: (userId: string, number: string) => ({
    pk: userKey(userId),
    sk: `${BLOCKED_NUMBER_PREFIX}${keyPart(number, 'phone number')}`,
  }),
  /** How many numbers the owner has blocked: the per-owner limit holds under parallel blocks. */
  blockedNumberCount: (userId: string) => ({ pk: userKey(userId), sk: 'BLOCKED_COUNT' }),
  /** The owner's knowledge base (docs/decisions/181): every entry in one bounded, versioned item. */
  knowledgeBase: (userId: string) => ({ pk: userKey(userId), sk: 'KNOWLEDGE' }),
  /** The owner's missed-call text-back settings (on/off, their wording). */
  missedCallSettings: (userId: string) => ({ pk: userKey(userId), sk: 'MISSED_CALL_TEXTS' }),
  /** One text-back per caller per business day: the claim that makes it exactly one. */
  missedCallText: (userId: string, caller: string, day: string) => ({
    pk: userKey(userId),
    sk: `MISSEDTEXT#${keyPart(day, 'day')}#${keyPart(caller, 'caller')}`,
  }),
  /** An owner's API key as the dashboard lists it: name, scope, shown prefix, the key's hash. */
  apiKey: (userId: string, keyId: string) => ({
    pk: userKey(userId),
    sk: `${API_KEY_PREFIX_SK}${keyPart(keyId, 'key id')}`,
  }),
  /** How many live API keys the owner has: the per-owner limit holds under parallel creates. */
  apiKeyCount: (userId: string) => ({ pk: userKey(userId), sk: 'APIKEY_COUNT' }),
  /** A key's SHA-256 → owner and scope: every API call finds its key with one GetItem, never a Scan. */
  apiKeyLookup: (keyHash: string) => ({ pk: `APIKEY#${keyPart(keyHash, 'key hash')}`, sk: 'KEY' }),
  /** A REST-hook subscription made with an API key (its target URL, event, sealed signing secret). */
  hook: (userId: string, hookId: string) => ({
    pk: userKey(userId),
    sk: `${HOOK_PREFIX}${keyPart(hookId, 'hook id')}`,
  }),
  /** How many hook subscriptions the owner has: the per-owner limit holds under parallel subscribes. */
  hookCount: (userId: string) => ({ pk: userKey(userId), sk: 'HOOK_COUNT' }),
  /**
   * Issue 10 §7: an account being deleted or deleted. Outside the owner's partition on purpose: deleting
   * every `USER#<sub>` item must not delete the record that keeps refusing the account's tokens.
   */
  accountDeletion: (userId: string) => ({ pk: `DELETEDACCOUNT#${userId}`, sk: 'MARKER' }),
  /** gsi1 key listing an owner's pending OAuth states, so account deletion finds them without a Scan. */
  oauthStateOwner: (userId: string) => `OAUTHSTATE_OWNER#${userId}`,
};
