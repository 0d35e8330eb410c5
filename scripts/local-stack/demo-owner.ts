import { randomUUID } from 'node:crypto';
import { OBJECTIVE_TEMPLATES, primaryObjectiveFromTemplate } from '../../shared/objective-templates';
import { LOCAL_USER_POOL_CLIENT_ID } from '../../shared/identity';
import type { Conversation } from '../../shared/schemas/conversation';
import { createBusinessConfigRepository } from '../../backend/src/capabilities/setup/records/business-config';
import { businessClockOf } from '../../shared/analytics';
import { createDynamoClients } from '../../backend/src/platform/dynamo/dynamo-client';
import { createObjectivesRepository } from '../../backend/src/capabilities/setup/records/objectives';
import { createPayoutRepository } from '../../backend/src/capabilities/payouts/records/payouts';
import { createPhoneReservationRepository } from '../../backend/src/capabilities/phone-numbers/records/phone-reservations';
import { createMessagingRegistrationRepository } from '../../backend/src/capabilities/messaging-registration/records/messaging-registrations';
import {
  DEMO_IDENTITY,
  generateDemoBusinessHistory,
  type DemoBusinessHistory,
} from '../../backend/src/local/demo/demo-history';
import { cognitoCall, signInUser, tokenSubject } from './cognito-api';
import { buyAssistantNumber, ensurePayouts, ensureTrial } from './demo-through-api';
import { replaceDemoRecords } from './demo-records';

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
  business_name: DEMO_IDENTITY.businessName,
  phone_number: '+14155550142',
  website: 'https://bellahair.example.com',
  address: '12 Market St, San Francisco, CA',
  time_zone: DEMO_IDENTITY.timeZone,
  business_hours: { weekday_text: [...DEMO_IDENTITY.openingHours] },
  business_description: 'A friendly neighbourhood hair salon for cuts, colour and styling.',
  assistant_name: DEMO_IDENTITY.assistantName,
  voice_settings: { voice_id: 'en-us-female-1' },
  formality: 'Business Casual',
  verbosity: 'Concise',
  empathy: 'Warm and Caring',
  proactivity: 'Suggestive',
  humor: 'Light Touch',
  manager_number: '+14155550188',
  manager_name: DEMO_IDENTITY.managerName,
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
  let assistantPhone: string | undefined;
  if (options.trial ?? true) {
    await ensureTrial(stack, idToken);
    // A number of the local telephony provider that this owner holds is kept; otherwise one is bought (a
    // subscription is needed for that), so the local phone reaches the demo's assistant.
    const reservation = config.assistant_phone
      ? await createPhoneReservationRepository(doc, stack.tableName).get(config.assistant_phone)
      : undefined;
    assistantPhone =
      reservation?.owner_id === sub ? config.assistant_phone : await buyAssistantNumber(stack, sub, idToken);
  }
  // The demo business texts its callers: its A2P registration counts as approved (decision 169's seed rule).
  const registrations = createMessagingRegistrationRepository(doc, stack.tableName);
  if ((await registrations.get(sub))?.state !== 'approved') {
    await registrations.markApproved(sub, 'seed', new Date().toISOString());
  }
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
    /** The assistant's number at the local telephony provider (none without a trial). */
    assistantPhone,
  };
}
