import { randomUUID } from 'node:crypto';
import { DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { OBJECTIVE_TEMPLATES, primaryObjectiveFromTemplate } from '../../shared/objective-templates';
import { LOCAL_USER_POOL_CLIENT_ID } from '../../shared/identity';
import type { Conversation } from '../../shared/schemas/conversation';
import { createBusinessConfigRepository } from '../../backend/src/data/business-config';
import { businessClockOf } from '../../shared/analytics';
import { createConversationRepository } from '../../backend/src/data/conversations';
import { createDynamoClients } from '../../backend/src/data/dynamo-client';
import { createObjectivesRepository } from '../../backend/src/data/objectives';
import { createAppointmentRepository } from '../../backend/src/data/appointments';
import { createOwnerMessageRepository } from '../../backend/src/data/owner-messages';
import { createPayoutRepository } from '../../backend/src/data/payouts';
import { keys } from '../../backend/src/data/keys';
import { generateDemoBusinessHistory, type DemoBusinessHistory } from '../../backend/src/demo/demo-history';
import { isSubscribed, localPriceId } from '../../shared/plans';
import { getPaidStatusSchema, onboardingLinkSchema } from '../../shared/schemas/get-paid';
import { checkoutResponseSchema, subscriptionStatusSchema } from '../../shared/schemas/subscription';
import { cognitoCall, signInUser, tokenSubject } from './cognito-api';

export type DemoStack = {
  cognitoUrl: string;
  /** The backend, whose local outbox page holds the confirmation code. */
  apiUrl: string;
  /** The web app's origin: the trial's checkout returns there (the API accepts only its own origins). */
  appUrl: string;
  dynamoDbEndpoint: string;
  tableName: string;
};

export type DemoOwnerOptions = {
  email: string;
  password: string;
  /** Write the 90-day conversation history (false: a complete business with no conversations yet). */
  withHistory: boolean;
  /** Start the trial as /plans does (a paid local checkout); false leaves the owner with no plan (Paused). */
  trial?: boolean;
  now?: Date;
};

/** The demo business: every field setup steps 1-6 need (shared/setup-steps.ts), so the dashboard opens. */
const DEMO_BUSINESS = {
  business_name: 'Bella Hair Studio',
  phone_number: '+14155550142',
  website: 'https://bellahair.example.com',
  address: '12 Market St, San Francisco, CA',
  time_zone: 'America/Los_Angeles',
  // The whole week, as Google Places lists it: the demo's call times and slots are read against these.
  business_hours: {
    weekday_text: [
      'Monday: 9:00 AM – 6:00 PM',
      'Tuesday: 9:00 AM – 6:00 PM',
      'Wednesday: 9:00 AM – 6:00 PM',
      'Thursday: 9:00 AM – 6:00 PM',
      'Friday: 9:00 AM – 6:00 PM',
      'Saturday: 10:00 AM – 4:00 PM',
      'Sunday: Closed',
    ],
  },
  business_description: 'A friendly neighbourhood hair salon for cuts, colour and styling.',
  assistant_name: 'Ava',
  voice_settings: { voice_id: 'en-us-female-1' },
  formality: 'Business Casual',
  verbosity: 'Concise',
  empathy: 'Warm and Caring',
  proactivity: 'Suggestive',
  humor: 'Light Touch',
  assistant_phone: '+14155550199',
  manager_number: '+14155550188',
  manager_name: 'Robin',
  escalation_email: 'robin@example.com',
  remember_past_callers: true,
  text_escalation_to_manager: false,
  authorized_modules: ['sms', 'booking', 'scheduling', 'escalation'],
};

async function confirmationCode(apiUrl: string, email: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${apiUrl}/local/outbox/messages`);
    const { messages } = (await response.json()) as { messages: Array<{ to: string; text: string }> };
    const code = messages.find((m) => m.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no confirmation code for ${email} in ${apiUrl}/local/outbox`);
}

/** Signs the owner up (the demo business's sign-up attributes) and confirms them, or just signs in when they
 * already exist; returns their sub and ID token. Without config: the owner a fresh sign-up leaves (bench
 * lighthouse). */
export async function ensureConfirmedOwner(stack: DemoStack, email: string, password: string) {
  const signUp = await cognitoCall<{ UserSub: string }>(stack.cognitoUrl, 'SignUp', {
    ClientId: LOCAL_USER_POOL_CLIENT_ID,
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'phone_number', Value: DEMO_BUSINESS.phone_number },
      { Name: 'custom:business_name', Value: DEMO_BUSINESS.business_name },
      { Name: 'custom:business_type', Value: 'salon' },
      { Name: 'custom:country_code', Value: '+1' },
    ],
  });
  if (signUp.status === 200) {
    const code = await confirmationCode(stack.apiUrl, email);
    const confirm = await cognitoCall(stack.cognitoUrl, 'ConfirmSignUp', {
      ClientId: LOCAL_USER_POOL_CLIENT_ID,
      Username: email,
      ConfirmationCode: code,
    });
    if (confirm.status !== 200) throw new Error(`ConfirmSignUp failed: ${JSON.stringify(confirm.body)}`);
  } else if (!String(signUp.body.__type).includes('UsernameExistsException')) {
    throw new Error(`SignUp failed: ${JSON.stringify(signUp.body)}`);
  }
  const { IdToken: idToken } = await signInUser(stack.cognitoUrl, email, password);
  return { sub: tokenSubject(idToken), idToken };
}

/** The demo's plan: the one a salon owner would pick first. */
const DEMO_PRICE_ID = localPriceId('essential', 'month');

/** The owner's API, as the web app calls it (their ID token); a non-2xx answer is an error. */
const ownerApi = (stack: DemoStack, idToken: string) => async (path: string, body?: object) => {
  const response = await fetch(new URL(path, stack.apiUrl), {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<unknown>;
};

/** Presses a button of the local payment provider's pages (a form POST answered with a redirect). */
async function pressLocalPaymentsButton(url: string, what: string) {
  const response = await fetch(url, { method: 'POST', redirect: 'manual' });
  if (response.status !== 303) throw new Error(`${what} answered ${response.status}`);
}

/**
 * The 14-day trial, started the way /plans starts it: a checkout at the local payment provider, then its
 * "Pay" button, whose signed webhook sets the subscription. Nothing happens when one is already live, so
 * seeding again keeps the trial the first run started.
 */
async function ensureTrial(stack: DemoStack, idToken: string) {
  const api = ownerApi(stack, idToken);
  const { status } = subscriptionStatusSchema.parse(await api('/oauth/subscription/status'));
  if (isSubscribed(status)) return;
  const checkout = checkoutResponseSchema.parse(
    await api('/oauth/subscription/checkout', {
      price_id: DEMO_PRICE_ID,
      success_url: `${stack.appUrl}/setup?payment=success&plan=${DEMO_PRICE_ID}`,
      cancel_url: `${stack.appUrl}/plans`,
    }),
  );
  await pressLocalPaymentsButton(`${checkout.checkout_url}/pay`, 'paying the demo checkout');
  const after = subscriptionStatusSchema.parse(await api('/oauth/subscription/status'));
  if (!isSubscribed(after.status)) throw new Error(`the demo trial did not start (status ${after.status})`);
}

/**
 * The Stripe account the demo's deposits were paid into, onboarded as the Get paid card does it (a Connect
 * onboarding link at the local provider, completed); answers the deposits collected so far.
 */
async function ensurePayouts(stack: DemoStack, sub: string, idToken: string) {
  const api = ownerApi(stack, idToken);
  const path = `/oauth/users/${encodeURIComponent(sub)}/get-paid`;
  if (getPaidStatusSchema.parse(await api(path)).state !== 'ready') {
    const link = onboardingLinkSchema.parse(await api(`${path}/onboarding`, {}));
    await pressLocalPaymentsButton(`${new URL(link.url, stack.apiUrl)}/complete`, 'completing onboarding');
  }
  const status = getPaidStatusSchema.parse(await api(path));
  if (status.state !== 'ready') throw new Error(`the demo payout account is ${status.state}, not ready`);
  return status.collected_cents;
}

const DAY_MS = 86_400_000;
const isDemoRecord = (record: { conversation_id: string | null }) =>
  Boolean(record.conversation_id?.startsWith('demo-'));

/**
 * The appointments and messages of the demo's conversations, written through the backend's repositories as
 * of the moment each was made. Those an earlier run wrote go first (a run on another day picks other slots),
 * so seeding again replaces rather than doubles; the owner's own bookings and messages are left alone.
 */
async function replaceDemoRecords(
  doc: DynamoDBDocumentClient,
  tableName: string,
  sub: string,
  history: DemoBusinessHistory,
  now: Date,
) {
  const at = (iso: string) => () => new Date(iso);
  const conversations = createConversationRepository(doc, tableName);
  const appointments = createAppointmentRepository(doc, tableName);
  const messages = createOwnerMessageRepository(doc, tableName);
  const window = [new Date(now.getTime() - 365 * DAY_MS), new Date(now.getTime() + 60 * DAY_MS)] as const;
  const [oldConversations, oldAppointments, oldMessages] = await Promise.all([
    conversations.listAttributesBetween(sub, ...window, ['id', 'started_at']),
    appointments.listBetween(sub, ...window, 10_000),
    messages.takenBetween(sub, ...window),
  ]);
  // The same day's conversations keep their keys (they are overwritten); those of other days go.
  const kept = new Set(history.conversations.map((c) => `${c.started_at}#${c.id}`));
  await inBatches(
    oldConversations.filter((c) => c.id.startsWith('demo-') && !kept.has(`${c.started_at}#${c.id}`)),
    (c) =>
      doc.send(new DeleteCommand({ TableName: tableName, Key: keys.conversation(sub, c.started_at, c.id) })),
  );
  await conversations.saveConversations(sub, history.conversations);
  await inBatches(oldAppointments.filter(isDemoRecord), (a) => appointments.release(sub, a.id));
  await inBatches(oldMessages.filter(isDemoRecord), (m) =>
    doc.send(new DeleteCommand({ TableName: tableName, Key: keys.ownerMessage(sub, m.taken_at, m.id) })),
  );
  await inBatches(history.bookings, (b) =>
    createAppointmentRepository(doc, tableName, at(b.bookedAt)).book(sub, {
      starts_at: b.startsAt,
      ends_at: b.endsAt,
      customer_name: b.customerName,
      customer_phone: b.customerPhone,
      service: b.service,
      conversation_id: b.conversationId,
      channel: b.channel,
      deposit: b.depositPaidAt
        ? { amount_cents: b.depositCents, paid: true, checkout_session_id: null, paid_at: b.depositPaidAt }
        : null,
    }),
  );
  await inBatches(history.messages, async (m) => {
    const saved = await createOwnerMessageRepository(doc, tableName, at(m.takenAt)).save(sub, {
      conversation_id: m.conversationId,
      name: m.name,
      callback_number: m.callbackNumber,
      reason: m.reason,
      channel: m.channel,
    });
    if (m.handledAt)
      await createOwnerMessageRepository(doc, tableName, at(m.handledAt)).markHandled(
        sub,
        saved.taken_at,
        saved.id,
      );
  });
}

/** Runs `write` over the items 25 at a time: quick against DynamoDB Local without flooding it. */
async function inBatches<T>(items: readonly T[], write: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += 25) await Promise.all(items.slice(i, i + 25).map(write));
}

/**
 * Creates (idempotently) an owner with a complete business, the book-with-deposit objective, a trial (unless
 * `trial: false`) and, with withHistory, 90 days of conversations with their appointments and messages and
 * the payout account their deposits went to. Records are written through the backend's own repositories;
 * the trial and the payout account go through the API and the local payment provider as a real owner's do.
 */
export async function seedDemoOwner(stack: DemoStack, options: DemoOwnerOptions) {
  const { sub, idToken } = await ensureConfirmedOwner(stack, options.email, options.password);
  const { doc } = createDynamoClients({ region: 'us-east-1', endpoint: stack.dynamoDbEndpoint });
  const configs = createBusinessConfigRepository(doc, stack.tableName);
  const { config } = await configs.saveBusinessInfo(sub, DEMO_BUSINESS);

  const objectives = createObjectivesRepository(doc, stack.tableName);
  const existing = await objectives.getObjective(sub);
  const saved = await objectives.saveObjective(
    sub,
    primaryObjectiveFromTemplate(OBJECTIVE_TEMPLATES.book_with_deposit, {
      id: existing?.id ?? randomUUID(),
      business_id: config.business_id,
    }),
  );
  if (!saved) throw new Error('could not save the demo objective');

  let conversations: Conversation[] = [];
  let messages: DemoBusinessHistory['messages'] = [];
  if (options.withHistory) {
    const now = options.now ?? new Date();
    const history = generateDemoBusinessHistory({
      now,
      businessId: config.business_id,
      objectiveId: saved.id,
      timeZone: config.time_zone,
    });
    ({ conversations, messages } = history);
    await replaceDemoRecords(doc, stack.tableName, sub, history, now);
  }
  if (options.trial ?? true) await ensureTrial(stack, idToken);
  if (options.withHistory) {
    // The Get paid card then shows the account ready and the history's deposits as collected.
    const collected = await ensurePayouts(stack, sub, idToken);
    const total = conversations.reduce((sum, c) => sum + c.amount_collected_cents, 0);
    await createPayoutRepository(doc, stack.tableName).addCollected(sub, total - collected);
  }
  doc.destroy();
  return {
    sub,
    email: options.email,
    password: options.password,
    businessId: config.business_id,
    /** The clock analytics reads "after hours" on: the demo business's zone and hours. */
    clock: businessClockOf(config),
    conversations,
    /** The messages taken for the owner; those without handledAt are waiting on the Overview. */
    messages,
  };
}
