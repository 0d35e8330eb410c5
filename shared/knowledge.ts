import { withoutAccents } from './language';
import {
  KNOWLEDGE_LIMITS,
  type HonestyKind,
  type KnowledgeEntry,
  type KnowledgeSuggestion,
  type KnowledgeTopic,
} from './schemas/knowledge';

/**
 * The knowledge base's and the honesty rules' pure logic (docs/decisions/181-knowledge-and-honesty.md):
 * which policy a question is about, which entry answers it (only on a confident match), what a caller's
 * words try to get the assistant to do that it must not (concede, believe a claim, reveal its
 * instructions), and how pasted FAQ text splits into suggested entries. English and Spanish; deterministic,
 * so the local model, the engine's call-log mark and an eval suite all read the same tables.
 */

/** Lower case, no accents, apostrophes kept inside words ("what's"), other punctuation as spaces. */
export const plainWords = (text: string) =>
  withoutAccents(text.toLowerCase())
    .replace(/[’‘`]/g, "'")
    .replace(/[^a-z0-9'%ñ]+/g, ' ')
    .trim();

/**
 * The policy a question is about, by meaning rather than by one word ("is there parking?", "¿tienen
 * estacionamiento?"). A request to cancel is not a question about the cancellation policy.
 */
export const TOPIC_PATTERNS: Array<[Exclude<KnowledgeTopic, 'general'>, RegExp]> = [
  [
    'cancellation',
    /\b(how late|until when|by when|how soon) (can|could|do|should) (i|we) cancel\b|\b(cancell?ation|cancel\w*|refund) (policy|policies|fee|fees|charge|window|rules?)\b|\b(late|no ?show) (fee|fees|policy|charge)\b|\bno ?shows?\b|\bmiss (my|an|the) appointment\b|\bif i('m| am) late\b|\blate arrivals?\b|\bsi llego tarde\b|\bfalto a (mi|la) cita\b|\bhow (far|long|much notice)\b.*\bcancel|\bcancel\w*\b.*\b(in advance|notice|hours before|ahead of time)\b|\bpolitica de (cancelacion|reembolso)\b|\bcargo por (cancelar|cancelacion|no presentarse)\b|\bcon cuanta anticipacion\b.*\bcancel/,
  ],
  [
    'payment_methods',
    /\b(credit cards?|debit cards?|(take|accept) (credit |debit )?cards?|cash|apple pay|google pay|venmo|zelle|paypal|pay by check|payment (methods?|options?)|forms? of payment|ways to pay|how (can|do) i pay|tarjetas?( de credito| de debito)?|efectivo|formas? de pago|metodos? de pago|como (puedo )?pagar)\b/,
  ],
  [
    'parking',
    /\b(park|parking|parked|car park|garage|valet|dejar (el|mi) (carro|coche|auto)|estacionamiento|estacionar(me)?|estaciono|parqueo|parquear|aparcar|aparcamiento)\b/,
  ],
  [
    'accessibility',
    /\b(wheelchair|accessible|accessibility|ramp|elevator|stairs|steps|disabled|disability|handicap\w*|silla de ruedas|accesible|accesibilidad|rampa|ascensor|elevador|escaleras|discapacidad)\b/,
  ],
  [
    'insurance',
    /\b(insurance|insured|insurer|medicaid|medicare|in ?network|out of network|copay|co pay|hsa|fsa|blue cross|blue shield|aetna|cigna|united ?healthcare|humana|kaiser|delta dental|metlife|vision plan|dental plan|seguro|seguros|aseguradora|aseguranza)\b/,
  ],
  [
    'what_to_bring',
    /\b(what (should|do|must) i (need to )?bring|what to bring|need to bring|should i bring|bring anything|do i need anything|what do i need for|que (debo|tengo que|necesito) (llevar|traer)|que llevo|que traigo|llevar algo|traer algo)\b/,
  ],
  [
    'walk_ins',
    /\b(walk ?ins?|walk in|drop ?ins?|without an? (appointment|booking|reservation)|no appointment|without booking|just show up|show up without|come by without|drop by|sin (cita|reserva|reservacion|turno)|llegar sin|pasar sin)\b/,
  ],
];

export function knowledgeTopicOf(text: string): Exclude<KnowledgeTopic, 'general'> | undefined {
  const plain = plainWords(text);
  return TOPIC_PATTERNS.find(([, pattern]) => pattern.test(plain))?.[0];
}

/** Words that carry no meaning of their own in a question, English and Spanish. */
const STOP_WORDS = new Set(
  (
    'a an the and or but if of to in on at for from by with about as is are was were be been am do does did ' +
    "you your yours we our ours us i me my it its it's this that these those there here what what's which who " +
    'whom whose when where why how can could would should will shall may might must have has had any some ' +
    'please hi hello hey thanks thank just also get got go going want need like know tell let much many ' +
    'el la los las un una unos unas y o de del al en con por para que como cuando donde cual quien es son ' +
    'esta estan ser hay tienen tiene tengo puedo puede pueden usted ustedes su sus mi mis me se lo le les ' +
    'hola gracias favor si no muy mas'
  ).split(' '),
);

/** A word's plain stem: "walk-ins" and "walk in", "cards" and "card", "parking" and "park" meet. */
const stem = (word: string) =>
  word.length > 5 && word.endsWith('ing')
    ? word.slice(0, -3)
    : word.length > 4 && word.endsWith('es')
      ? word.slice(0, -2)
      : word.length > 3 && word.endsWith('s')
        ? word.slice(0, -1)
        : word;

export const contentWords = (text: string): string[] => [
  ...new Set(
    plainWords(text)
      .split(' ')
      .filter((word) => word && !STOP_WORDS.has(word) && word.length > 1)
      .map(stem),
  ),
];

export type KnowledgeMatch = { entry: KnowledgeEntry; score: number };

/**
 * The entry that answers the caller's words, only on a confident match: the same policy topic, or most of
 * the entry's question's own words. A weak overlap ("do you do nails?" against "do you sell gift cards?")
 * is no match: the assistant then says it doesn't know rather than answer a different question.
 */
export function matchKnowledge(text: string, entries: readonly KnowledgeEntry[]): KnowledgeMatch | undefined {
  const topic = knowledgeTopicOf(text);
  const words = new Set(contentWords(text));
  let best: KnowledgeMatch | undefined;
  for (const entry of entries) {
    let score = 0;
    if (topic && entry.topic === topic) score = 1;
    else if (!topic || entry.topic === 'general') {
      const entryWords = contentWords(entry.question);
      const shared = entryWords.filter((word) => words.has(word)).length;
      const ratio = entryWords.length > 0 ? shared / entryWords.length : 0;
      // A policy's entry is found by its topic; by words only when every one of them is there, so "can I
      // bring my dog?" is not answered by "what should I bring?".
      const confident =
        entry.topic === 'general'
          ? (shared >= 2 && ratio >= 0.5) || (entryWords.length === 1 && shared === 1)
          : shared >= 2 && ratio === 1;
      if (confident) score = ratio / 2 + Math.min(shared, 40) / 100;
    }
    if (score > 0 && (!best || score > best.score)) best = { entry, score };
  }
  return best;
}

/** Is this a question (rather than a request or an answer)? */
export const isQuestion = (text: string) =>
  /\?/.test(text) ||
  /^(do|does|did|is|are|can|could|will|would|what|what's|whats|where|when|how|who|which|why|tienen|tiene|hay|puedo|aceptan|cual|cuales|que|como|donde|cuando)\b/.test(
    plainWords(text).replace(/^(hi|hello|hey|hola|buenas|buenos dias|buenas tardes)\s+/, ''),
  );

/**
 * What a caller's words try to get the assistant to do that it must not (the honesty rules):
 * - instruction_leak: reveal or override its instructions;
 * - owner_claim: act on what the owner or staff supposedly said or approved;
 * - concession: a discount, a free service, a refund, a waived fee or another exception.
 */

const LEAK_VERBS =
  /\b(ignore|disregard|forget|override|bypass|reveal|show|tell me|print|repeat|share|what (are|were)|read|list|give me|output|dump|ignora\w*|olvida\w*|revela\w*|muestra\w*|dime|dame|repite|comparte|cuales son)\b/;
const LEAK_OBJECTS =
  /\b(instructions?|prompt|system message|programming|configuration|directives?|previous rules|rules (you|you've|you were)|initial setup|instrucciones|indicaciones|reglas (que|anteriores)|programacion|configuracion)\b/;
const LEAK_ALONE =
  /\b(system prompt|developer mode|(rules|instructions|prompt) (were you|you were|have you been|you've been) given|above (this|that) line|jailbreak|dan mode|pretend (to be|you are|you're)|you are now (a|an|my)|act as (if|a|an|my)|from now on you|roleplay as|modo desarrollador|finge (ser|que)|ahora eres|haz de cuenta|a partir de ahora eres)\b/;

const CLAIM_WHO =
  '(owner|owners|manager|boss|supervisor|management|your (boss|team|staff|colleague|coworker|receptionist)|the (team|staff|front desk|business|stylist|doctor|dentist)|duen[oa]|gerente|encargad[oa]|jef[ea]|administrador[a]?|el equipo|la recepcionista|el doctor|la doctora)';
/** Verbs that are a claim of approval by themselves ("the owner approved it"). */
const APPROVAL_VERB =
  "(promised|approved|agreed|okay(ed)?|ok'?d|authori[sz]ed|allowed|let me|lets me|gave me|offered|guaranteed|waived|comped|signed off|prometio|aprobo|autorizo|acepto|me dio permiso|me dejo|me ofrecio|quedo en|me regalo)";
/** Verbs of saying: a claim only with what was supposedly allowed ("said I could", "told me it's free"). */
const SAYING_VERB = '(said|says|told|tells|confirmed|dijo|dice|me dijo|confirmo|me dijeron|dijeron)';
const ALLOWANCE =
  /\b(free|discount\w*|% off|percent off|half off|on the house|complimentary|refund\w*|waive\w*|no charge|exception|could|(i|we|you) can|allowed|let me|ok|okay|approved|first|skip|extra|after hours|early|priority|gratis|descuento\w*|reembolso\w*|podia|podria|permiso|sin cargo|no me cobr\w*|primer[oa]|regal\w*|cortesia)\b/;
const claimBy = (who: string) => [
  new RegExp(`\\b${who}\\b[^.?!]{0,40}\\b${APPROVAL_VERB}\\b`),
  new RegExp(`\\b${who}\\b[^.?!]{0,40}\\b${SAYING_VERB}\\b`),
];
const CLAIM_PATTERNS = [
  new RegExp(`\\b${CLAIM_WHO}\\b[^.?!]{0,40}\\b${APPROVAL_VERB}\\b`),
  /\b(i was|i've been|i have been|we were|i got) (promised|approved|given permission|guaranteed|offered|authori[sz]ed)\b/,
  /\b(approved|authori[sz]ed|okayed|cleared|promised|signed off) by\b/,
  /\bi (have|got) (permission|approval|authori[sz]ation)\b/,
  /\bme (prometieron|aprobaron|autorizaron|ofrecieron|aseguraron)\b/,
  /\btengo (permiso|autorizacion|aprobacion)\b/,
  /\b(aprobad[oa]|autorizad[oa]|prometid[oa]) por\b/,
];
/** "I was told …", "the manager said …", "me dijeron …": a claim when what was said allows something. */
const SAID_PATTERNS = [
  new RegExp(`\\b${CLAIM_WHO}\\b[^.?!]{0,40}\\b${SAYING_VERB}\\b`),
  /\b(i was|i've been|i have been|we were) told\b/,
  /\bme (dijeron|confirmaron)\b/,
];

const CONCESSION =
  /\b(for free|free of charge|free (service|haircut|session|cut|visit|treatment|appointment|upgrade|consult\w*|class|color|cleaning|massage|one)|(is it|it is|it'?s|it was|it will be|it would be|it should be|will be|would be|make it|get it|do it|give it to me|comp it) free(?! (after|before|on|at|tomorrow|today|this|next|in|from|until|then|later))|(make|give me|get me|let me have|do) (it|this|that|them|my \w+|the \w+|a \w+|one) (for )?free|(knock|take) [^.?!]{0,20} off|\d+ (bucks|dollars|pesos) off|freebies?|money (returned|refunded)|something off|(cut|haircut|visit|session|appointment|service|treatment|color|cleaning|massage|class|consult\w*|one|this|that) (is|will be|would be|should be) free|no charge|at no (cost|charge)|on the house|complimentary|comp(ed)? (it|me|my)|discounts?|discounted|\d+ ?% off|\d+ percent off|half off|half price|(make it|do it|give (it to )?me|get it|any way to get it|a) cheaper|lower (the |your )?price|price match|coupon|promo( code)?|refund\w*|money back|reimburs\w*|waive\w*|exception|bend the rules?|skip the (fee|deposit|charge)|without (the |a |any )?(fee|deposit|charge)|no deposit|drop the (fee|charge)|gratis|gratuit[oa]|sin costo|sin cargo|descuent\w*|me (lo|la) regal\w*|regalad[oa]|rebaja\w*|mas barato|\d+ ?% (de descuento|menos)|por ciento de descuento|mitad de precio|reembols\w*|devolu\w+ (de )?(mi |el )?dinero|devuelvan?(me)? (el|mi) dinero|excepcion|me perdon\w*|perdon\w* (el|la|los|las) (cargo|multa|cuota)\w*|condon\w*|no me cobr\w*|sin cobrar\w*|sin (el )?deposito|cortesia)\b/;

/** Words that push for a commitment: what turns a question about discounts into an attempt on the rules. */
const PRESSURE =
  /\b(in writing|confirm\w*|promise|guarantee\w*|swear|put (it|that) in|text me that|write (it|that)|you (have|need|must) to|i demand|i insist|or else|or i'?ll|lawyer|sue|review|right now|say yes|you already|you said|por escrito|promet\w*|garantic\w*|garantiz\w*|exijo|insisto|tiene que|abogado|demanda\w*|resena|ya me dijo|usted dijo)\b/;

export type HonestyFinding = { kind: HonestyKind; pressure: boolean };

/** The first rule the caller's words run into, in the order above; undefined for an ordinary request. */
export function honestyFindingOf(text: string, names: readonly string[] = []): HonestyFinding | undefined {
  const plain = plainWords(text);
  const pressure = PRESSURE.test(plain);
  if (LEAK_ALONE.test(plain) || (LEAK_VERBS.test(plain) && LEAK_OBJECTS.test(plain)))
    return { kind: 'instruction_leak', pressure };
  const named = names
    .map((name) => plainWords(name).split(' ')[0])
    .filter((name): name is string => !!name && name.length > 1)
    .map(claimBy);
  const approval = [...CLAIM_PATTERNS, ...named.map(([approved]) => approved!)];
  const said = [...SAID_PATTERNS, ...named.map(([, saying]) => saying!)];
  if (approval.some((p) => p.test(plain)) || (said.some((p) => p.test(plain)) && ALLOWANCE.test(plain)))
    return { kind: 'owner_claim', pressure };
  // "What is your refund policy?" asks about a policy; "waive the cancellation fee" still asks for a favour.
  const withoutPolicies = TOPIC_PATTERNS.reduce(
    (rest, [, pattern]) => rest.replace(new RegExp(pattern.source, 'g'), ' '),
    plain,
  );
  if (CONCESSION.test(withoutPolicies)) return { kind: 'concession', pressure };
  return undefined;
}

/**
 * Whether the call log marks the words as a manipulation attempt: any claim of approval or try at the
 * instructions, and a concession pushed for a commitment ("confirm in writing it's free"). A plain "do you
 * have discounts?" gets its polite no without a mark.
 */
export const isManipulationAttempt = (finding: HonestyFinding | undefined): boolean =>
  !!finding && (finding.kind !== 'concession' || finding.pressure);

const QUESTION_LABEL = /^\s*(?:q|question|pregunta|p)\s*[:.)-]\s*/i;
const ANSWER_LABEL = /^\s*(?:a|answer|respuesta|r)\s*[:.)-]\s*/i;
const HEADING = /^\s*(?:#{1,6}\s+|\*\*(.+)\*\*\s*$)/;

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;

/**
 * The local stand-in for "suggest entries from pasted text": Q/A-shaped text split by rules. A question is a
 * "Q:" line, a line ending in "?", or a heading; the lines after it, up to the next question, are its answer.
 * Each suggestion already fits the entry limits; nothing else in the text is kept.
 */
export function suggestEntriesFromText(text: string): KnowledgeSuggestion[] {
  const lines = text.slice(0, KNOWLEDGE_LIMITS.pastedChars).split(/\r?\n/);
  const suggestions: KnowledgeSuggestion[] = [];
  let question: string | undefined;
  let answer: string[] = [];
  const flush = () => {
    const body = answer.join(' ').replace(/\s+/g, ' ').trim();
    if (question && body && suggestions.length < KNOWLEDGE_LIMITS.suggestions) {
      const q = clip(question, KNOWLEDGE_LIMITS.questionChars);
      suggestions.push({
        topic: knowledgeTopicOf(q) ?? 'general',
        question: q,
        answer: clip(body, KNOWLEDGE_LIMITS.answerChars),
      });
    }
    question = undefined;
    answer = [];
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    const heading = HEADING.exec(line);
    const labelled = QUESTION_LABEL.test(line) && !ANSWER_LABEL.test(line);
    const asks = line.endsWith('?') && line.length <= KNOWLEDGE_LIMITS.questionChars * 2;
    if (labelled || asks || heading) {
      flush();
      question = line
        .replace(QUESTION_LABEL, '')
        .replace(/^#{1,6}\s+/, '')
        .replace(/^\*\*|\*\*$/g, '')
        .trim();
      continue;
    }
    if (question) answer.push(line.replace(ANSWER_LABEL, ''));
  }
  flush();
  return suggestions;
}
