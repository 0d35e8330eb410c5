import { randomUUID } from 'node:crypto';
import { spokenTime } from '@shared/receptionist/business-time';
import { resolveWhen } from '@shared/receptionist/date-phrases';
import { spokenTimeEs } from '@shared/receptionist/spoken-time-es';
import { callerLanguage, withoutAccents, type Language } from '@shared/language';
import { FORMALITY, FORMALITY_ES } from './local-phrasing';
import { LOCAL_REPLIES } from './local-replies';
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
import { callerTexts } from '@shared/caller-texts';
import { honestyFindingOf, isQuestion, knowledgeTopicOf, matchKnowledge } from '@shared/knowledge';
import { extractName, extractService, intentOf, pickOffered, type Intent } from './local-intents';
import { askedStaffName, matchService, matchStaff } from '@shared/receptionist/booking-choices';

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
      const said = welcomedBack(request.state, step.say);
      // Stream word by word, as a model would, so channels exercise their streaming paths.
      for (const word of said.match(/\S+\s*/g) ?? []) yield { type: 'text', delta: word } as ModelEvent;
    },
  };
}

type Step = { call: ToolName; args: Record<string, unknown> } | { say: string };
const call = (name: ToolName, args: Record<string, unknown> = {}): Step => ({ call: name, args });
const say = (text: string): Step => ({ say: text });

/**
 * The trait-driven voice in the caller's language: acknowledgements, closings, whether to add a helpful
 * next step, and the reply table (decision 174).
 */
function voice(business: BusinessProfile, language: Language = 'en') {
  const formality = (language === 'es' ? FORMALITY_ES : FORMALITY)[business.traits.formality];
  const replies = LOCAL_REPLIES[language];
  const brief = ['Brief and Direct', 'Concise'].includes(business.traits.verbosity);
  const warm = ['Warm and Understanding', 'Highly Empathetic'].includes(business.traits.empathy);
  const proactive = ['Suggestive', 'Fully Proactive'].includes(business.traits.proactivity);
  return {
    language,
    replies,
    greet: formality.greet,
    ack: formality.ack,
    welcome: formality.welcome,
    goodbye: formality.goodbye,
    /** Sentences joined; brief personalities keep only the essential first ones. */
    join: (essential: string[], extra: string[] = []) =>
      [...essential, ...(brief ? [] : extra)].filter(Boolean).join(' '),
    sorry: warm ? replies.sorry.warm : replies.sorry.plain,
    nextStep: proactive ? replies.nextStep.proactive : replies.nextStep.plain,
    proactive,
    /** A time as this caller hears it. */
    spoken: (start: string) =>
      language === 'es'
        ? spokenTimeEs(new Date(start), business.timeZone)
        : spokenTime(new Date(start), business.timeZone),
  };
}

/** The caller's language this turn: their words, else the thread's (kept on the conversation state). */
function languageOf(state: ConversationState, text: string, business: BusinessProfile): Language {
  state.language = callerLanguage(text, state.language, business.languages);
  return state.language;
}

function slotsOf(state: ConversationState, v: ReturnType<typeof voice>) {
  return (state.memory.offered ?? []).map((start) => ({ start, spoken: v.spoken(start) }));
}

/** The offered slots as the English spoken forms pickOffered reads (it knows the Spanish day names). */
function slotsOfEnglish(state: ConversationState, business: BusinessProfile) {
  return (state.memory.offered ?? []).map((start) => ({
    start,
    spoken: spokenTime(new Date(start), business.timeZone),
  }));
}

/**
 * A returning caller's first text answer opens with their name (docs/decisions/177-caller-memory.md); a
 * call's greeting already said it.
 */
function welcomedBack(state: ConversationState, text: string): string {
  const name = state.returning?.name;
  if (!name || state.channel !== 'sms' || state.turns.some((t) => t.speaker === 'assistant')) return text;
  return `${callerTexts(state.language).welcomeBack(name)} ${text}`;
}

/** Words that keep, move or cancel the upcoming appointment just offered (English, then Spanish). */
const UPCOMING_ANSWERS: Record<Language, Array<['keep' | 'move', RegExp]>> = {
  en: [
    ['move', /\b(move|change|reschedul\w*|another (day|time)|different (day|time))\b/i],
    ['keep', /\b(keep|confirm\w*|yes|yeah|yep|sure|ok(ay)?|great|perfect|good|that'?s (fine|right))\b/i],
  ],
  es: [
    ['move', /\b(cambiar\w*|mover\w*|reprogramar\w*|otro dia|otra hora)\b/i],
    ['keep', /\b(mantener\w*|confirm\w*|si|claro|esta bien|perfecto|de acuerdo|dejarla)\b/i],
  ],
};

/**
 * A returning caller with an upcoming appointment: offered once, at their first words unless those already
 * ask for something; the answer keeps it, moves it (the reschedule flow) or cancels it (the cancel tool).
 */
function upcomingStep(
  state: ConversationState,
  v: ReturnType<typeof voice>,
  intent: Intent,
  awaiting: ConversationState['memory']['awaiting'],
  text: string,
): Step | undefined {
  const upcoming = state.returning?.upcoming;
  if (!upcoming) return undefined;
  if (awaiting === 'upcoming_choice') {
    if (intent === 'cancel') return call('cancel_appointment', { appointment_id: upcoming.id });
    const plain = withoutAccents(text);
    const answer = UPCOMING_ANSWERS[v.language].find(([, pattern]) => pattern.test(plain))?.[0];
    if (answer === 'move' || intent === 'reschedule') {
      state.memory.draft = { rescheduleOf: upcoming.id };
      state.memory.awaiting = 'slot_choice';
      state.memory.offered = [];
      return say(v.replies.whenInstead);
    }
    // Keeping it is confirming it: the dashboard and the confirmation rate count it (decision 175).
    if (answer === 'keep') return call('confirm_appointment', { appointment_id: upcoming.id });
    return undefined;
  }
  // Offered only when the caller isn't answering a question (a name for a message, a slot, a yes).
  if (awaiting || state.memory.upcomingOffered || !['greeting', 'yes', 'unknown'].includes(intent))
    return undefined;
  state.memory.upcomingOffered = true;
  state.memory.awaiting = 'upcoming_choice';
  return say(v.replies.upcomingOffer(upcoming.service, v.spoken(upcoming.starts_at)));
}

/** The first step of a turn: understand the caller and pick a tool, or answer directly. */
function decide({ callerText, state, business, now }: ModelRequest): Step {
  const memory = state.memory;
  const text = callerText.trim();
  const language = languageOf(state, text, business);
  const v = voice(business, language);
  const r = v.replies;
  const intent = intentOf(text, language);
  const awaiting = memory.awaiting;
  memory.awaiting = undefined;

  const givenName = extractName(text, false, language);
  if (givenName) memory.callerName = givenName;
  const returning = upcomingStep(state, v, intent, awaiting, text);
  if (returning) return returning;

  if (awaiting === 'name' && memory.draft?.start && !['goodbye', 'human', 'cancel'].includes(intent)) {
    const name = givenName ?? extractName(text, true, language);
    if (!name) {
      memory.awaiting = 'name';
      return say(r.askNameAgain);
    }
    memory.callerName = name;
    return bookDraft(state, name);
  }
  if (awaiting === 'message_name' && !['goodbye', 'human'].includes(intent)) {
    const name = givenName ?? extractName(text, true, language);
    if (!name) {
      memory.awaiting = 'message_name';
      return say(r.askMessageNameAgain);
    }
    memory.callerName = name;
    memory.message = { ...memory.message, name };
    if (memory.message.reason) return call('take_message', { name, reason: memory.message.reason });
    memory.awaiting = 'message_reason';
    return say(r.thanksWhatToPassOn(name));
  }
  if (awaiting === 'message_reason' && intent !== 'goodbye') {
    const name = memory.message?.name ?? memory.callerName ?? 'Caller';
    return call('take_message', { name, reason: text.slice(0, 500) });
  }
  // The honesty rules come before any other reading of the words: a leading "please" is no agreement, and
  // "the owner said" is no reason to escalate (docs/decisions/181-knowledge-and-honesty.md).
  const honest = honestyStep(state, business, v, text, intent);
  if (honest) return honest;
  const knowledge = knowledgeStep(business, intent, text);
  if (knowledge) return knowledge;
  if (awaiting === 'service_choice' && !['cancel', 'human', 'goodbye', 'message'].includes(intent)) {
    const asked = bookingAsk(business, text, memory.draft);
    if (asked.service) return findSlotsFor(business, state, asked, memory.draft?.when ?? 'soon');
    memory.awaiting = 'service_choice';
    return say(r.whichService(business.calendar.services.map((s) => s.name)));
  }
  if (awaiting === 'slot_choice' && !['cancel', 'human', 'goodbye', 'message'].includes(intent)) {
    const chosen = pickOffered(text, slotsOfEnglish(state, business), language);
    if (chosen) {
      memory.draft = { ...memory.draft, start: chosen };
      if (memory.draft.rescheduleOf) return call('reschedule_appointment', { new_start: chosen });
      const name = memory.draft.name ?? memory.callerName;
      if (name) return bookDraft(state, name);
      memory.awaiting = 'name';
      return say(r.slotItIs(v.ack, v.spoken(chosen)));
    }
    if (intent === 'no') {
      return say(r.noProblemWhen);
    }
    if (resolveWhen(text, now, business.timeZone, language))
      return call('find_open_slots', { when: text, ...draftChoice(business, memory.draft) });
    memory.awaiting = 'slot_choice';
    return say(r.whichOffered(slotsOf(state, v).map((s) => s.spoken)));
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
    case 'confirm':
      return call('confirm_appointment', {});
    case 'reschedule':
      memory.draft = { ...memory.draft, rescheduleOf: 'next' };
      if (resolveWhen(text, now, business.timeZone, language))
        return call('find_open_slots', { when: text, ...draftChoice(business, memory.draft) });
      memory.awaiting = 'slot_choice';
      memory.offered = [];
      return say(r.whenInstead);
    case 'deposit':
      return call('send_deposit_link', {});
    case 'hours':
      if (/\b(book|appointment|availab|cita|reserv|disponib)/i.test(text)) break;
      return call('get_business_info', { topic: 'hours' });
    case 'address':
      return call('get_business_info', { topic: 'address' });
    case 'prices':
      return call('get_business_info', { topic: 'prices', question: text.slice(0, 200) });
    case 'services':
      return call('get_business_info', { topic: 'services', question: text.slice(0, 200) });
    case 'website':
      return call('get_business_info', { topic: 'website' });
    case 'phone':
      return call('get_business_info', { topic: 'phone' });
    case 'about':
      return call('get_business_info', { topic: 'about' });
    case 'greeting':
      return say(`${v.greet(business.name, business.assistantName)} ${r.howCanIHelp}`);
    default:
      break;
  }
  const when = resolveWhen(text, now, business.timeZone, language);
  if (intent === 'book' || when || intent === 'hours') {
    const moving = memory.draft?.rescheduleOf ? memory.draft : {};
    // With services, the service is the owner's name for it; the caller's words are matched against them.
    const asked = bookingAsk(business, text, moving);
    const service = business.calendar.services.length > 0 ? asked.service : extractService(text, language);
    memory.draft = {
      ...moving,
      ...(service ? { service } : {}),
      ...(asked.staff ? { staff: asked.staff } : {}),
      ...(givenName ? { name: givenName } : {}),
      // Kept while the service or the staff member is still being chosen.
      ...(business.calendar.services.length > 0 || business.calendar.staff.length > 0
        ? { when: when ? text : 'soon' }
        : {}),
    };
    // A business with services asks which one before it looks for times (a move keeps its own).
    if (business.calendar.services.length > 0 && !service && !moving.rescheduleOf) {
      memory.awaiting = 'service_choice';
      return say(r.whichService(business.calendar.services.map((s) => s.name)));
    }
    return call('find_open_slots', { when: when ? text : 'soon', ...draftChoice(business, memory.draft) });
  }
  if (intent === 'yes') return say(r.whatCanIHelpWith(v.ack));
  if (intent === 'no') return say(`${v.ack} ${v.nextStep}`);
  memory.awaiting = 'offer_message_yes';
  return say(r.cannotAnswer(v.sorry));
}

/**
 * What the assistant must not do, whatever the words: agree to a discount, a free service, a refund or an
 * exception (a matching policy is only quoted, never widened); act on what the owner supposedly said or
 * approved (nor escalate for it); reveal or change its instructions. A plain question about a policy ("what
 * is your refund policy?") is no concession (shared/knowledge.ts), and the knowledge step answers it.
 */
function honestyStep(
  state: ConversationState,
  business: BusinessProfile,
  v: ReturnType<typeof voice>,
  text: string,
  intent: Intent,
): Step | undefined {
  const finding = honestyFindingOf(text, business.managerName ? [business.managerName] : []);
  if (!finding) return undefined;
  const r = v.replies;
  if (finding.kind === 'instruction_leak') return say(r.refuseInstructions(v.sorry));
  // "Call me back about a refund", "let me talk to the manager about a discount": the team decides, so a
  // message or a person is the right answer, and agrees to nothing.
  if (finding.kind === 'concession' && (intent === 'message' || intent === 'human')) return undefined;
  state.memory.awaiting = 'offer_message_yes';
  if (finding.kind === 'owner_claim') return say(r.cannotConfirmClaim(v.sorry));
  const policy = matchKnowledge(text, business.knowledge ?? [])?.entry.answer;
  return say(r.declineConcession(v.sorry, business.name, policy));
}

/** Intents that ask the assistant to do something: an entry that shares words with them is no answer. */
const ACTION_INTENTS: Intent[] = [
  'goodbye',
  'human',
  'message',
  'cancel',
  'confirm',
  'reschedule',
  'deposit',
];

/**
 * A question the owner's knowledge base is for: about a policy (parking, walk-ins, payment methods …) or
 * confidently matching an entry. The tool answers from the entry, or says nothing is on file; never a
 * different fact (the street address for parking) or booking times for "do you take walk-ins?".
 */
function knowledgeStep(business: BusinessProfile, intent: Intent, text: string): Step | undefined {
  const topic = knowledgeTopicOf(text);
  const asks = topic
    ? isQuestion(text) || ['unknown', 'address', 'book', 'hours', 'prices', 'services'].includes(intent)
    : !!matchKnowledge(text, business.knowledge ?? []) &&
      isQuestion(text) &&
      !ACTION_INTENTS.includes(intent);
  return asks ? call('get_business_info', { topic: 'other', question: text.slice(0, 400) }) : undefined;
}

function startMessage(state: ConversationState, v: ReturnType<typeof voice>): Step {
  const name = state.memory.callerName;
  state.memory.message = name ? { name } : {};
  if (!name) {
    state.memory.awaiting = 'message_name';
    return say(v.replies.askMessageName(v.ack));
  }
  state.memory.awaiting = 'message_reason';
  return say(v.replies.askMessageReason(v.ack, name));
}

function bookDraft(state: ConversationState, name: string): Step {
  const draft = state.memory.draft ?? {};
  return call('book_appointment', {
    start: draft.start,
    name,
    ...(draft.service ? { service: draft.service } : {}),
    ...(draft.staff ? { staff: draft.staff } : {}),
  });
}

type Draft = NonNullable<ConversationState['memory']['draft']>;

/**
 * The service and staff member in the caller's words ("a balayage with Jordan"), over what the draft
 * already holds: a service of the business's by name, a staff member by name ("with Jordan", "con Jordan",
 * or just "Jordan" when answering), and "anyone" dropping an earlier pick.
 */
function bookingAsk(business: BusinessProfile, text: string, draft: Draft | undefined) {
  const { services, staff } = business.calendar;
  const service = matchService(services, text)?.name ?? draft?.service;
  if (staff.length === 0) return { service, staff: undefined };
  const named = askedStaffName(text);
  const member = matchStaff(staff, named ?? text);
  // A name that isn't on the staff still goes to the tool, which says who is available.
  if (typeof member === 'object') return { service, staff: member.name };
  if (named) return { service, staff: named };
  return { service, staff: member === 'anyone' ? undefined : draft?.staff };
}

/**
 * What the draft is for, as find_open_slots' arguments: a move keeps its appointment's service; a business
 * without services or staff asks for times alone, as it always did.
 */
function draftChoice(business: BusinessProfile, draft: Draft | undefined): Record<string, string> {
  const { services, staff } = business.calendar;
  if (services.length === 0 && staff.length === 0) return {};
  if (draft?.rescheduleOf) return { reschedule: draft.rescheduleOf };
  return {
    ...(draft?.service && services.length > 0 ? { service: draft.service } : {}),
    ...(draft?.staff && staff.length > 0 ? { staff: draft.staff } : {}),
  };
}

function findSlotsFor(
  business: BusinessProfile,
  state: ConversationState,
  asked: { service?: string | undefined; staff?: string | undefined },
  when: string,
): Step {
  const { staff: _staff, ...draft } = state.memory.draft ?? {};
  state.memory.draft = {
    ...draft,
    ...(asked.service ? { service: asked.service } : {}),
    ...(asked.staff ? { staff: asked.staff } : {}),
  };
  return call('find_open_slots', { when, ...draftChoice(business, state.memory.draft) });
}

/** A second tool the same turn needs: the deposit right after a booking, when the business takes one. */
function followUp({ turnResults, business }: ModelRequest): Step | undefined {
  const last = turnResults.at(-1)!;
  const booked = ['book_appointment', 'reschedule_appointment'].includes(last.name) && last.result.ok;
  // The booking says its deposit: the service's own amount overrides the business's (0: none).
  const deposit = Number(last.result.data?.deposit_cents ?? business.depositCents);
  // A booking waiting on the scheduler's page (Calendly) has no appointment to take a deposit for yet.
  if (booked && deposit > 0 && last.name === 'book_appointment' && !last.result.data?.pending) {
    return call('send_deposit_link', { appointment_id: last.result.data?.appointment_id });
  }
  return undefined;
}

const resultOf = (turnResults: ModelRequest['turnResults'], name: ToolName): ToolResult | undefined =>
  turnResults.find((r) => r.name === name)?.result;

/** The reply once the turn's tools have run, from their results only. */
function compose(request: ModelRequest): Step {
  const { turnResults, business, state } = request;
  const v = voice(business, state.language);
  const r = v.replies;
  const memory = state.memory;
  const last = turnResults.at(-1)!;
  const data = last.result.data ?? {};

  switch (last.name) {
    case 'get_business_info': {
      if (data.topic === 'other') {
        if (!data.known) {
          memory.awaiting = 'offer_message_yes';
          const onFile = ((data.questions_on_file as string[] | undefined) ?? []).slice(0, 3);
          return say(r.unknownQuestion(v.sorry, onFile));
        }
        return say(v.join([r.fromKnowledge(business.name, String(data.answer))], [v.nextStep]));
      }
      if (!data.known) {
        memory.awaiting = 'offer_message_yes';
        return say(r.unknownTopic(v.sorry, String(data.topic)));
      }
      const answer = String(data.answer);
      const lead = r.topicLead[String(data.topic) as keyof typeof r.topicLead] as
        ((answer: string) => string) | undefined;
      return say(v.join([lead?.(answer) ?? answer], [v.nextStep]));
    }
    case 'find_open_slots': {
      if (data.reason === 'which_service') {
        memory.awaiting = 'service_choice';
        return say(r.whichService((data.services as string[] | undefined) ?? []));
      }
      if (data.reason === 'unknown_staff' || data.reason === 'staff_not_for_service') {
        const asked = (data.asked as string | undefined) ?? memory.draft?.staff;
        if (memory.draft) memory.draft = { ...memory.draft, staff: undefined };
        memory.awaiting = 'service_choice';
        return say(
          r.staffUnavailable(
            asked,
            (data.staff as string[] | undefined) ?? [],
            data.service as string | undefined,
          ),
        );
      }
      const asked = data.staff as string | undefined;
      const slots = ((data.slots as Array<{ start: string; spoken: string }> | undefined) ?? []).map((s) => {
        const spoken = v.language === 'en' ? s.spoken : v.spoken(s.start);
        return { ...s, spoken: asked ? `${spoken} ${r.withStaff(asked)}` : spoken };
      });
      // A closed day: the owner's note first ("We're closed on Thanksgiving."), then the next open day.
      // The note is the owner's own words, said as written ("We're closed on Thanksgiving.").
      const note = typeof data.closure_note === 'string' ? data.closure_note.trim() : undefined;
      const closed = note === undefined ? '' : !note ? r.closedDay : /[.!?]$/.test(note) ? note : `${note}.`;
      if (closed && slots.length > 0) {
        memory.awaiting = 'slot_choice';
        return say(`${closed} ${r.whichWorks(r.nextOpenLead, r.options(slots.map((s) => s.spoken)))}`);
      }
      if (slots.length === 0) {
        memory.awaiting = 'offer_message_yes';
        return say(r.noOpenings(v.sorry));
      }
      memory.awaiting = 'slot_choice';
      if (data.requested_time_free) return say(r.slotOpen(slots[0]!.spoken));
      const options = r.options(slots.map((s) => s.spoken));
      const lead =
        data.problem === 'closed'
          ? r.openingsLead.closed
          : data.problem === 'past'
            ? r.openingsLead.past
            : data.problem === 'beyond_horizon'
              ? r.openingsLead.beyond_horizon
              : data.understood && data.requested_time_free === false && turnResults[0]?.args.when !== 'soon'
                ? r.openingsLead.have
                : r.openingsLead.next;
      return say(r.whichWorks(lead, options));
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
          return say(r.slotTaken(v.sorry));
        }
        if (reason === 'not_found') return say(r.noUpcoming);
        if (reason === 'caller_limit') return say(r.callerLimit);
        return say(r.bookingFailed(v.sorry));
      }
      const bookedArgs =
        turnResults.find((t) => t.name === 'book_appointment')?.args ??
        turnResults.find((t) => t.name === 'reschedule_appointment')?.args;
      const bookedStart = (bookedArgs?.start ?? bookedArgs?.new_start) as string | undefined;
      /** The booking's time as the caller hears it: the tool's English words, or re-said from its start. */
      const bookedWhen = () =>
        v.language !== 'en' && bookedStart ? v.spoken(bookedStart) : String(booking?.data?.when);
      const parts: string[] = [];
      if (booking?.ok && booking.data?.pending) {
        memory.draft = undefined;
        const url = booking.data.url as string | undefined;
        parts.push(url ? r.confirmOnPage(bookedWhen(), url) : r.linkTexted(bookedWhen()));
        if (resultOf(turnResults, 'reschedule_appointment')) parts.push(r.currentStaysBooked);
      } else if (booking?.ok) {
        memory.draft = undefined;
        const moved =
          last.name === 'reschedule_appointment' || Boolean(resultOf(turnResults, 'reschedule_appointment'));
        parts.push(r.booked(bookedWhen(), moved));
        if (booking.data?.confirmation_texted) parts.push(r.confirmationTexted);
      }
      if (deposit) {
        const url = deposit.data?.url as string | undefined;
        const amount = String(deposit.data?.amount);
        if (deposit.ok && deposit.data?.already_paid) parts.push(r.depositPaid);
        else if (deposit.ok) parts.push(url ? r.depositLink(amount, url) : r.depositTexted(amount));
        else if (deposit.data?.reason === 'not_found') parts.push(r.noBookingForDeposit);
        else if (deposit.data?.reason !== 'no_deposit') parts.push(r.depositNotSent);
        else if (!booking) parts.push(r.noDeposits);
      }
      parts.push(v.proactive ? r.anythingElse : v.nextStep);
      return say(parts.join(' '));
    }
    case 'confirm_appointment':
      if (!last.result.ok) return say(r.cancelNotFound);
      if (last.args.appointment_id && last.args.appointment_id === state.returning?.upcoming?.id)
        return say(r.upcomingKept(v.spoken(state.returning.upcoming.starts_at)));
      return say(
        [
          r.confirmed(v.language !== 'en' && data.start ? v.spoken(String(data.start)) : String(data.when)),
          v.nextStep,
        ].join(' '),
      );
    case 'cancel_appointment':
      if (!last.result.ok) return say(r.cancelNotFound);
      return say(
        [
          r.cancelled(v.language !== 'en' && data.start ? v.spoken(String(data.start)) : String(data.when)),
          callerTexts(v.language).depositRefund[
            (data.deposit_refund as DepositRefundOutcome | undefined) ?? 'none'
          ],
          data.texted ? r.confirmationTexted : '',
          v.nextStep,
        ]
          .filter(Boolean)
          .join(' '),
      );
    case 'take_message': {
      memory.message = undefined;
      const caller = readablePhone(state.caller) ?? state.caller;
      return say(r.messagePassed(caller));
    }
    case 'escalate_to_manager': {
      if (!last.result.ok) {
        memory.awaiting = 'offer_message_yes';
        return say(r.managerUnreachable(v.sorry));
      }
      const manager = business.managerName ?? r.theManager;
      if (state.channel === 'voice') return say(r.connecting(v.ack, manager));
      return say(r.managerTold(manager));
    }
    case 'end_conversation':
      return say(r.thanksForContacting(business.name, v.goodbye));
    default:
      return say(v.nextStep);
  }
}
