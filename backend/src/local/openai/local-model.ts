import { randomUUID } from 'node:crypto';
import { spokenTime } from '@shared/receptionist/business-time';
import { resolveWhen } from '@shared/receptionist/date-phrases';
import { FORMALITY } from './local-phrasing';
import { readablePhone } from '../../providers/llm/business-facts';
import type {
  BusinessProfile,
  ToolResult,
  ModelEvent,
  ModelRequest,
  ReceptionistModel,
} from '../../capabilities/receptionist/index';
import type { ConversationState, ToolName } from '../../capabilities/receptionist/records/index';
import type { DepositRefundOutcome } from '@shared/get-paid';
import { DEPOSIT_REFUND_SENTENCES } from '@shared/carrier-keywords';
import { extractName, extractService, intentOf, pickOffered, type Intent } from './local-intents';

/**
 * The local model: a deterministic intent engine over the business's own data that calls the same tools as
 * the OpenAI model (issue 9 §3). It is honest about being rules, not AI (the test chat says so), and it is
 * what `npm start` and the tests run.
 */
export function createLocalModel(): ReceptionistModel {
  return {
    kind: 'local',
    async *respond(request) {
      const step =
        request.turnResults.length === 0 ? decide(request) : (followUp(request) ?? compose(request));
      if ('call' in step) {
        yield { type: 'tool_call', id: `call_${randomUUID()}`, name: step.call, args: step.args };
        return;
      }
      // Stream word by word, as a model would, so channels exercise their streaming paths.
      for (const word of step.say.match(/\S+\s*/g) ?? []) yield { type: 'text', delta: word } as ModelEvent;
    },
  };
}

type Step = { call: ToolName; args: Record<string, unknown> } | { say: string };
const call = (name: ToolName, args: Record<string, unknown> = {}): Step => ({ call: name, args });
const say = (text: string): Step => ({ say: text });

/** The trait-driven voice: acknowledgements, closings, and whether to add a helpful next step. */
function voice(business: BusinessProfile) {
  const formality = FORMALITY[business.traits.formality];
  const brief = ['Brief and Direct', 'Concise'].includes(business.traits.verbosity);
  const warm = ['Warm and Understanding', 'Highly Empathetic'].includes(business.traits.empathy);
  const proactive = ['Suggestive', 'Fully Proactive'].includes(business.traits.proactivity);
  return {
    ack: formality.ack,
    welcome: formality.welcome,
    goodbye: formality.goodbye,
    /** Sentences joined; brief personalities keep only the essential first ones. */
    join: (essential: string[], extra: string[] = []) =>
      [...essential, ...(brief ? [] : extra)].filter(Boolean).join(' '),
    sorry: warm ? "I'm so sorry about that." : "I'm sorry.",
    nextStep: proactive ? 'Would you like me to book you in?' : 'Is there anything else I can help with?',
  };
}

function slotsOf(state: ConversationState, business: BusinessProfile) {
  return (state.memory.offered ?? []).map((start) => ({
    start,
    spoken: spokenTime(new Date(start), business.timeZone),
  }));
}

/** The first step of a turn: understand the caller and pick a tool, or answer directly. */
function decide({ callerText, state, business, now }: ModelRequest): Step {
  const memory = state.memory;
  const text = callerText.trim();
  const v = voice(business);
  const intent = intentOf(text);
  const awaiting = memory.awaiting;
  memory.awaiting = undefined;

  const givenName = extractName(text);
  if (givenName) memory.callerName = givenName;

  if (awaiting === 'name' && memory.draft?.start && !['goodbye', 'human', 'cancel'].includes(intent)) {
    const name = givenName ?? extractName(text, true);
    if (!name) {
      memory.awaiting = 'name';
      return say('Sorry, I didn’t catch that. What name should I put the booking under?');
    }
    memory.callerName = name;
    return bookDraft(state, name);
  }
  if (awaiting === 'message_name' && !['goodbye', 'human'].includes(intent)) {
    const name = givenName ?? extractName(text, true);
    if (!name) {
      memory.awaiting = 'message_name';
      return say('Sorry, could I get your name for the message?');
    }
    memory.callerName = name;
    memory.message = { ...memory.message, name };
    if (memory.message.reason) return call('take_message', { name, reason: memory.message.reason });
    memory.awaiting = 'message_reason';
    return say(`Thanks, ${name}. What would you like me to pass on?`);
  }
  if (awaiting === 'message_reason' && intent !== 'goodbye') {
    const name = memory.message?.name ?? memory.callerName ?? 'Caller';
    return call('take_message', { name, reason: text.slice(0, 500) });
  }
  if (awaiting === 'slot_choice' && !['cancel', 'human', 'goodbye', 'message'].includes(intent)) {
    const chosen = pickOffered(text, slotsOf(state, business));
    if (chosen) {
      memory.draft = { ...memory.draft, start: chosen };
      if (memory.draft.rescheduleOf) return call('reschedule_appointment', { new_start: chosen });
      const name = memory.draft.name ?? memory.callerName;
      if (name) return bookDraft(state, name);
      memory.awaiting = 'name';
      return say(
        `${v.ack} ${spokenTime(new Date(chosen), business.timeZone)} it is. What name should I put the booking under?`,
      );
    }
    if (intent === 'no') {
      return say('No problem. What day and time would suit you better?');
    }
    if (resolveWhen(text, now, business.timeZone)) return call('find_open_slots', { when: text });
    memory.awaiting = 'slot_choice';
    const offered = slotsOf(state, business).map((s) => s.spoken);
    return say(`Which time would you like: ${offered.join(', or ')}? Or tell me another day.`);
  }
  if (awaiting === 'offer_message_yes' && intent === 'yes') return startMessage(state, v);

  switch (intent as Intent) {
    case 'goodbye':
      return call('end_conversation', { reason: 'goodbye' });
    case 'human':
      return call('escalate_to_manager', { reason: text.slice(0, 300) });
    case 'message':
      return startMessage(state, v);
    case 'cancel':
      return call('cancel_appointment', {});
    case 'reschedule':
      memory.draft = { ...memory.draft, rescheduleOf: 'next' };
      if (resolveWhen(text, now, business.timeZone)) return call('find_open_slots', { when: text });
      memory.awaiting = 'slot_choice';
      memory.offered = [];
      return say('Sure. What day and time would work better for you?');
    case 'deposit':
      return call('send_deposit_link', {});
    case 'hours':
      if (/\b(book|appointment|availab)/i.test(text)) break;
      return call('get_business_info', { topic: 'hours' });
    case 'address':
      return call('get_business_info', { topic: 'address' });
    case 'prices':
      return call('get_business_info', { topic: 'prices' });
    case 'services':
      return call('get_business_info', { topic: 'services' });
    case 'website':
      return call('get_business_info', { topic: 'website' });
    case 'phone':
      return call('get_business_info', { topic: 'phone' });
    case 'about':
      return call('get_business_info', { topic: 'about' });
    case 'greeting':
      return say(
        `${FORMALITY[business.traits.formality].greet(business.name, business.assistantName)} How can I help you today?`,
      );
    default:
      break;
  }
  const when = resolveWhen(text, now, business.timeZone);
  if (intent === 'book' || when || intent === 'hours') {
    const service = extractService(text);
    memory.draft = {
      ...(memory.draft?.rescheduleOf ? memory.draft : {}),
      ...(service ? { service } : {}),
      ...(givenName ? { name: givenName } : {}),
    };
    return call('find_open_slots', { when: when ? text : 'soon' });
  }
  if (intent === 'yes')
    return say(`${v.ack} What can I help you with: booking, our hours, or a message for the team?`);
  if (intent === 'no') return say(`${v.ack} ${v.nextStep}`);
  memory.awaiting = 'offer_message_yes';
  return say(
    `${v.sorry} I'm not sure I can answer that. I can take a message for the team and have someone get back to you. Would you like that?`,
  );
}

function startMessage(state: ConversationState, v: ReturnType<typeof voice>): Step {
  const name = state.memory.callerName;
  state.memory.message = name ? { name } : {};
  if (!name) {
    state.memory.awaiting = 'message_name';
    return say(`${v.ack} I can take a message. May I have your name?`);
  }
  state.memory.awaiting = 'message_reason';
  return say(`${v.ack} What would you like me to pass on, ${name}?`);
}

function bookDraft(state: ConversationState, name: string): Step {
  const draft = state.memory.draft ?? {};
  return call('book_appointment', {
    start: draft.start,
    name,
    ...(draft.service ? { service: draft.service } : {}),
  });
}

/** A second tool the same turn needs: the deposit right after a booking, when the business takes one. */
function followUp({ turnResults, business }: ModelRequest): Step | undefined {
  const last = turnResults.at(-1)!;
  const booked = ['book_appointment', 'reschedule_appointment'].includes(last.name) && last.result.ok;
  // A booking waiting on the scheduler's page (Calendly) has no appointment to take a deposit for yet.
  if (booked && business.depositCents > 0 && last.name === 'book_appointment' && !last.result.data?.pending) {
    return call('send_deposit_link', { appointment_id: last.result.data?.appointment_id });
  }
  return undefined;
}

const resultOf = (turnResults: ModelRequest['turnResults'], name: ToolName): ToolResult | undefined =>
  turnResults.find((r) => r.name === name)?.result;

/** The reply once the turn's tools have run, from their results only. */
function compose(request: ModelRequest): Step {
  const { turnResults, business, state } = request;
  const v = voice(business);
  const memory = state.memory;
  const last = turnResults.at(-1)!;
  const data = last.result.data ?? {};

  switch (last.name) {
    case 'get_business_info': {
      if (!data.known) {
        memory.awaiting = 'offer_message_yes';
        return say(
          `${v.sorry} I don't have our ${String(data.topic)} on file. I can take a message and have someone get back to you. Would you like that?`,
        );
      }
      const answer = String(data.answer);
      const lead: Record<string, string> = {
        hours: `Our hours are ${answer}.`,
        address: `We're at ${answer}.`,
        website: `Our website is ${answer}.`,
        phone: `You can reach us at ${answer}.`,
      };
      return say(v.join([lead[String(data.topic)] ?? answer], [v.nextStep]));
    }
    case 'find_open_slots': {
      const slots = (data.slots as Array<{ start: string; spoken: string }> | undefined) ?? [];
      if (slots.length === 0) {
        memory.awaiting = 'offer_message_yes';
        return say(
          `${v.sorry} I don't see any openings then. I can take a message so the team can fit you in. Would you like that?`,
        );
      }
      memory.awaiting = 'slot_choice';
      if (data.requested_time_free) return say(`${slots[0]!.spoken} is open. Shall I book it for you?`);
      const list = slots.map((s) => s.spoken);
      const options = list.length === 1 ? list[0]! : `${list.slice(0, -1).join(', ')} or ${list.at(-1)}`;
      const lead =
        data.problem === 'closed'
          ? "We're closed then. The next openings are"
          : data.problem === 'past'
            ? 'That time has already passed. The next openings are'
            : data.problem === 'beyond_horizon'
              ? 'I can only book up to two months ahead. The next openings are'
              : data.understood && data.requested_time_free === false && turnResults[0]?.args.when !== 'soon'
                ? 'I have'
                : 'The next openings are';
      return say(`${lead} ${options}. Which works best?`);
    }
    case 'book_appointment':
    case 'reschedule_appointment':
    case 'send_deposit_link': {
      const booking =
        resultOf(turnResults, 'book_appointment') ?? resultOf(turnResults, 'reschedule_appointment');
      const deposit = resultOf(turnResults, 'send_deposit_link');
      if (booking && !booking.ok) {
        const reason = booking.data?.reason;
        if (reason === 'taken' || reason === 'not_open') {
          memory.awaiting = 'slot_choice';
          memory.offered = [];
          return say(`${v.sorry} that time was just taken. What other day or time would work for you?`);
        }
        if (reason === 'not_found')
          return say(
            "I couldn't find an upcoming appointment for this number. Would you like to book a new one?",
          );
        if (reason === 'caller_limit')
          return say(
            'I see you already have several upcoming appointments with us, so I can’t add another. Would you like me to take a message for the team?',
          );
        return say(
          `${v.sorry} I couldn't complete the booking. Would you like me to take a message for the team?`,
        );
      }
      const parts: string[] = [];
      if (booking?.ok && booking.data?.pending) {
        memory.draft = undefined;
        const url = booking.data.url as string | undefined;
        parts.push(
          url
            ? `To book ${String(booking.data.when)}, please confirm it on our scheduling page: ${url}`
            : `I've texted you a link to our scheduling page to confirm ${String(booking.data.when)}. Once you confirm there, you'll get a confirmation text.`,
        );
        if (resultOf(turnResults, 'reschedule_appointment'))
          parts.push('Your current appointment stays booked until you confirm the new time.');
      } else if (booking?.ok) {
        memory.draft = undefined;
        const when = String(booking.data?.when);
        const verb =
          last.name === 'reschedule_appointment' || resultOf(turnResults, 'reschedule_appointment')
            ? 'moved to'
            : 'booked for';
        parts.push(`You're ${verb} ${when}.`);
        if (booking.data?.confirmation_texted) parts.push("I've texted you a confirmation.");
      }
      if (deposit) {
        const url = deposit.data?.url as string | undefined;
        if (deposit.ok && deposit.data?.already_paid) parts.push('Your deposit is already paid.');
        else if (deposit.ok)
          parts.push(
            url
              ? `To hold it, please pay the ${String(deposit.data?.amount)} deposit here: ${url}`
              : `To hold it, I've texted you a secure link for the ${String(deposit.data?.amount)} deposit.`,
          );
        else if (deposit.data?.reason === 'not_found')
          parts.push("I couldn't find a booking to take a deposit for.");
        else if (deposit.data?.reason !== 'no_deposit')
          parts.push("I couldn't send the deposit link just now; the team will follow up.");
        else if (!booking) parts.push("We don't take deposits, so there's nothing to pay in advance.");
      }
      parts.push(
        v.nextStep.startsWith('Would you like me to book') ? 'Anything else I can help with?' : v.nextStep,
      );
      return say(parts.join(' '));
    }
    case 'cancel_appointment':
      if (!last.result.ok)
        return say(
          "I couldn't find an upcoming appointment for this number. Is there anything else I can help with?",
        );
      return say(
        [
          `Done: your appointment on ${String(data.when)} is cancelled.`,
          DEPOSIT_REFUND_SENTENCES[(data.deposit_refund as DepositRefundOutcome | undefined) ?? 'none'],
          data.texted ? "I've texted you a confirmation." : '',
          v.nextStep,
        ]
          .filter(Boolean)
          .join(' '),
      );
    case 'take_message': {
      memory.message = undefined;
      const caller = readablePhone(state.caller) ?? state.caller;
      return say(
        `Thanks. I've passed your message on, and someone will get back to you at ${caller}. Anything else?`,
      );
    }
    case 'escalate_to_manager': {
      if (!last.result.ok) {
        memory.awaiting = 'offer_message_yes';
        return say(
          `${v.sorry} I can't reach a manager right now, but I can take a message for them. Would you like that?`,
        );
      }
      const manager = business.managerName ?? 'the manager';
      if (state.channel === 'voice')
        return say(`${v.ack} Let me connect you with ${manager} now. One moment please.`);
      return say(`I've let ${manager} know, and they'll get back to you shortly.`);
    }
    case 'end_conversation':
      return say(`Thanks for contacting ${business.name}. ${v.goodbye}`);
    default:
      return say(v.nextStep);
  }
}
