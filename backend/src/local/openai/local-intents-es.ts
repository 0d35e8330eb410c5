import { withoutAccents } from '@shared/language';
import type { Intent } from './local-intent-names';

/**
 * The local model's Spanish ear (docs/decisions/174-spanish.md): the same intents as the English rules, in
 * the same order of precedence, except that "que alguien me llame" is a message, not a person. Patterns see
 * the text lower-cased and without accents ("¿cuánto cuesta?" → "¿cuanto cuesta?").
 */
export const SPANISH_RULES: Array<[Intent, RegExp]> = [
  [
    'goodbye',
    /\b(adios|chao|chau|hasta luego|hasta pronto|hasta manana|nos vemos|eso es todo|es todo|eso seria todo|nada mas|que tenga (un )?buen dia)\b|^\s*[¡]?(gracias|muchas gracias|mil gracias)[\s!.]*$/,
  ],
  [
    'message',
    /\b(dejar(le|les)? (un )?(mensaje|recado)|deje(le)? (un )?(mensaje|recado)|tomar(me)? (un )?(mensaje|recado)|tome (un )?(mensaje|recado)|mensaje para|recado para|me (devuelvan|regresen|devuelva|regrese) la llamada|(que )?(alguien|ella|el|ellos) me (llame|llamen)|me (puede|pueden) llamar)\b/,
  ],
  [
    'human',
    // As in English, "el dueño dijo …" names the owner without asking for them.
    /\b(persona real|una persona|un humano|alguien|operador(a)?|hablar con|comunicar(me)? con|pasar(me)? con|comuniqueme|paseme)\b|\b(quiero|quisiera|necesito|puedo|podria|esta|estan|me pasa|me comunica)\b[^.?!]*\b(gerente|encargad[oa]|duen[oa]|jefe|jefa|supervisor(a)?)\b/,
  ],
  ['cancel', /\b(cancel\w*|anular)/],
  [
    'reschedule',
    /\b(reprogramar|reagendar|cambiar (mi|la) (cita|reserva|hora)|mover (mi|la) (cita|reserva)|cambiar de (dia|hora)|cambio de (cita|hora))\b/,
  ],
  ['deposit', /\b(deposito|anticipo|pagar|pago|enlace|link)\b/],
  [
    'book',
    /\b(reservar|reserva|reservacion|cita|agendar|apartar|disponib\w*|espacio|turno|me pueden atender|me atienden|pasar hoy|hacer(me)? (un|una))\b/,
  ],
  ['hours', /\b(horario|horarios|abren|abierto|abiertos|abre|cierran|cierra|cerrado|a que hora|que horas)\b/],
  ['address', /\b(donde|direccion|ubicad[oa]s?|ubicacion|como llego|los encuentro)\b/],
  [
    'prices',
    /\b(precio|precios|cuanto (cuesta|cuestan|cobran|es|sale|vale)|cuesta|cuestan|cobran|tarifas?|costo|costos)\b/,
  ],
  ['services', /\b(servicios?|ofrecen|que hacen|tratamientos?|que tipo de trabajos?|menu)\b/],
  ['website', /\b(pagina web|sitio web|pagina de internet|en linea)\b/],
  ['phone', /\b(numero de telefono|su numero|su telefono|numero para llamar)\b/],
  ['about', /\b(quien eres|quienes son|que es esto|hableme de|cuenteme (sobre|de)|que tipo de negocio)\b/],
  [
    'greeting',
    /^\s*[¡]?(hola|buenas|buenos dias|buenas tardes|buenas noches|que tal|saludos)([\s,!.]+(hola|buenas|buenos dias|buenas tardes|buenas noches|que tal))*[\s!.,]*$/,
  ],
  [
    'yes',
    /^\s*[¡]?(si|claro|dale|vale|de acuerdo|perfecto|esta bien|me parece bien|ok(ay)?|adelante|correcto|exacto|sale|sip|reservela|agendela)\b|^\s*por favor[\s!.]*$/,
  ],
  ['no', /^\s*(no|nop|para nada|no gracias|mejor no|olvidelo|dejelo)\b/],
];

/** "me llamo Ana", "soy José García", "mi nombre es Luz". */
export const SPANISH_NAME =
  /\b(?:me llamo|mi nombre es|soy|le habla|habla)\s+([A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’-]+(?:\s+[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’-]+)?)/i;
/** Words that follow "soy" or answer "¿a nombre de quién?" without being a name (compared without accents). */
export const SPANISH_NOT_NAMES =
  /^(de|del|la|el|un|una|yo|cliente|nuevo|nueva|muy|su|tu|mi|ella|quien|aqui|bien|buena|bueno|manana|hoy|tarde|noche|lunes|martes|miercoles|jueves|viernes|sabado|domingo)$/i;

/** "quiero un corte", "una cita para un tinte" → the service, skipping words that only mean "appointment". */
const SPANISH_SERVICE =
  /\b(?:reservar|quiero|quisiera|necesito|agendar|hacer(?:me)?|para)\s+(?:me\s+)?(?:un|una|mi|unos|unas)\s+([a-zñáéíóúü][a-zñáéíóúü -]{2,30}?)(?=\s+(?:el|para|a|mañana|manana|hoy|este|esta|próximo|proximo|en|por)\b|[?.!,]|$)/gi;
const NOT_SERVICES =
  /^(cita|hora|reserva|reservacion|turno|mensaje|recado|persona|deposito|espacio|pregunta)$/i;

export function spanishServiceOf(text: string): string | undefined {
  for (const match of text.matchAll(SPANISH_SERVICE)) {
    const service = match[1]!.trim();
    if (!NOT_SERVICES.test(withoutAccents(service))) return service;
  }
  return undefined;
}

/** Which offered slot: "el primero", "la segunda", "la última". */
export const SPANISH_ORDINALS: Array<[RegExp, number]> = [
  [/\b(primer[oa]?|la mas temprana)\b/, 0],
  [/\b(segund[oa]|la de en medio)\b/, 1],
  [/\b(tercer[oa]?|ultim[oa]|la mas tarde)\b/, 2],
];
