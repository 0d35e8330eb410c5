import { randomUUID } from 'node:crypto';
import { OBJECTIVE_TEMPLATES, primaryObjectiveFromTemplate } from '../../shared/objective-templates';
import { LOCAL_USER_POOL_CLIENT_ID } from '../../shared/identity';
import type { Conversation } from '../../shared/schemas/conversation';
import { createBusinessConfigRepository } from '../../backend/src/data/business-config';
import { businessClockOf } from '../../shared/analytics';
import { createConversationRepository } from '../../backend/src/data/conversations';
import { createDynamoClients } from '../../backend/src/data/dynamo-client';
import { createObjectivesRepository } from '../../backend/src/data/objectives';
import { generateDemoHistory } from '../../backend/src/demo/demo-history';
import { isSubscribed, localPriceId } from '../../shared/plans';
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
  business_hours: { weekday_text: ['Monday: 9:00 AM – 6:00 PM', 'Saturday: 10:00 AM – 4:00 PM'] },
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

/**
 * The 14-day trial, started the way /plans starts it: a checkout at the local payment provider, then its
 * "Pay" button, whose signed webhook sets the subscription. Nothing happens when one is already live, so
 * seeding again keeps the trial the first run started.
 */
async function ensureTrial(stack: DemoStack, idToken: string) {
  const api = async (path: string, body?: object) => {
    const response = await fetch(`${stack.apiUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  const { status } = subscriptionStatusSchema.parse(await api('/oauth/subscription/status'));
  if (isSubscribed(status)) return;
  const checkout = checkoutResponseSchema.parse(
    await api('/oauth/subscription/checkout', {
      price_id: DEMO_PRICE_ID,
      success_url: `${stack.appUrl}/setup?payment=success&plan=${DEMO_PRICE_ID}`,
      cancel_url: `${stack.appUrl}/plans`,
    }),
  );
  const paid = await fetch(`${checkout.checkout_url}/pay`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`paying the demo checkout answered ${paid.status}`);
  const after = subscriptionStatusSchema.parse(await api('/oauth/subscription/status'));
  if (!isSubscribed(after.status)) throw new Error(`the demo trial did not start (status ${after.status})`);
}

/**
 * Creates (idempotently) an owner with a complete business, the book-with-deposit objective, a trial (unless
 * `trial: false`) and, with withHistory, 90 days of conversations. Writes through the backend's own
 * repositories; the trial goes through the API and the local payment provider as a real sign-up's does.
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
  if (options.withHistory) {
    conversations = generateDemoHistory({
      now: options.now ?? new Date(),
      businessId: config.business_id,
      objectiveId: saved.id,
    });
    await createConversationRepository(doc, stack.tableName).saveConversations(sub, conversations);
  }
  doc.destroy();
  if (options.trial ?? true) await ensureTrial(stack, idToken);
  return {
    sub,
    email: options.email,
    password: options.password,
    businessId: config.business_id,
    /** The clock analytics reads "after hours" on: the demo business's zone and hours. */
    clock: businessClockOf(config),
    conversations,
  };
}
