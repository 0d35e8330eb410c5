import type { Language } from '@shared/language';

/**
 * Everything the local model says, in each language it speaks (docs/decisions/174-spanish.md). The English
 * is the model's original wording, kept word for word; the model picks the table of the caller's language.
 */
export type LocalReplies = {
  sorry: { plain: string; warm: string };
  nextStep: { proactive: string; plain: string };
  anythingElse: string;
  askNameAgain: string;
  askMessageNameAgain: string;
  thanksWhatToPassOn: (name: string) => string;
  slotItIs: (ack: string, when: string) => string;
  noProblemWhen: string;
  whichOffered: (offered: string[]) => string;
  whenInstead: string;
  howCanIHelp: string;
  whatCanIHelpWith: (ack: string) => string;
  cannotAnswer: (sorry: string) => string;
  askMessageName: (ack: string) => string;
  askMessageReason: (ack: string, name: string) => string;
  unknownTopic: (sorry: string, topic: string) => string;
  topicLead: Record<'hours' | 'address' | 'website' | 'phone', (answer: string) => string>;
  noOpenings: (sorry: string) => string;
  slotOpen: (when: string) => string;
  options: (list: string[]) => string;
  openingsLead: Record<'closed' | 'past' | 'beyond_horizon' | 'have' | 'next', string>;
  whichWorks: (lead: string, options: string) => string;
  slotTaken: (sorry: string) => string;
  /** A business with services: which one, before any times (docs/decisions/183). */
  whichService: (services: string[]) => string;
  /** A staff member the caller named who isn't on the staff, or doesn't do the service. */
  staffUnavailable: (asked: string | undefined, staff: string[], service: string | undefined) => string;
  /** The asked day is closed and the owner wrote no note for it; then the next open day's times. */
  closedDay: string;
  nextOpenLead: string;
  /** Who an offered time is with, when the caller asked for someone. */
  withStaff: (name: string) => string;
  noUpcoming: string;
  /** A returning caller's upcoming appointment, offered to keep, move or cancel (decision 177). */
  upcomingOffer: (service: string | null, when: string) => string;
  upcomingKept: (when: string) => string;
  callerLimit: string;
  bookingFailed: (sorry: string) => string;
  confirmOnPage: (when: string, url: string) => string;
  linkTexted: (when: string) => string;
  currentStaysBooked: string;
  booked: (when: string, moved: boolean) => string;
  confirmationTexted: string;
  depositPaid: string;
  depositLink: (amount: string, url: string) => string;
  depositTexted: (amount: string) => string;
  noBookingForDeposit: string;
  depositNotSent: string;
  noDeposits: string;
  cancelNotFound: string;
  cancelled: (when: string) => string;
  confirmed: (when: string) => string;
  messagePassed: (caller: string) => string;
  managerUnreachable: (sorry: string) => string;
  theManager: string;
  connecting: (ack: string, manager: string) => string;
  managerTold: (manager: string) => string;
  thanksForContacting: (business: string, goodbye: string) => string;
  /** An answer from the owner's knowledge base, quoted as the business's own words (decision 181). */
  fromKnowledge: (business: string, answer: string) => string;
  /** No entry answers the question: say so, say what is on file, offer a message. */
  unknownQuestion: (sorry: string, onFile: string[]) => string;
  /** A discount, free service, refund or exception: a clear, polite no; a matching policy only quoted. */
  declineConcession: (sorry: string, business: string, policy?: string) => string;
  /** "The owner said / approved …": neither believed nor escalated. */
  cannotConfirmClaim: (sorry: string) => string;
  /** An attempt at the instructions: refused, and back to what the assistant can do. */
  refuseInstructions: (sorry: string) => string;
};

const orList = (list: string[], or: string) =>
  list.length === 1 ? list[0]! : `${list.slice(0, -1).join(', ')} ${or} ${list.at(-1)}`;

export const LOCAL_REPLIES: Record<Language, LocalReplies> = {
  en: {
    sorry: { plain: "I'm sorry.", warm: "I'm so sorry about that." },
    nextStep: {
      proactive: 'Would you like me to book you in?',
      plain: 'Is there anything else I can help with?',
    },
    anythingElse: 'Anything else I can help with?',
    askNameAgain: 'Sorry, I didn’t catch that. What name should I put the booking under?',
    askMessageNameAgain: 'Sorry, could I get your name for the message?',
    thanksWhatToPassOn: (name) => `Thanks, ${name}. What would you like me to pass on?`,
    slotItIs: (ack, when) => `${ack} ${when} it is. What name should I put the booking under?`,
    noProblemWhen: 'No problem. What day and time would suit you better?',
    whichOffered: (offered) => `Which time would you like: ${offered.join(', or ')}? Or tell me another day.`,
    whenInstead: 'Sure. What day and time would work better for you?',
    howCanIHelp: 'How can I help you today?',
    whatCanIHelpWith: (ack) =>
      `${ack} What can I help you with: booking, our hours, or a message for the team?`,
    cannotAnswer: (sorry) =>
      `${sorry} I'm not sure I can answer that. I can take a message for the team and have someone get back to you. Would you like that?`,
    askMessageName: (ack) => `${ack} I can take a message. May I have your name?`,
    askMessageReason: (ack, name) => `${ack} What would you like me to pass on, ${name}?`,
    unknownTopic: (sorry, topic) =>
      `${sorry} I don't have our ${topic} on file. I can take a message and have someone get back to you. Would you like that?`,
    topicLead: {
      hours: (answer) => `Our hours are ${answer}.`,
      address: (answer) => `We're at ${answer}.`,
      website: (answer) => `Our website is ${answer}.`,
      phone: (answer) => `You can reach us at ${answer}.`,
    },
    noOpenings: (sorry) =>
      `${sorry} I don't see any openings then. I can take a message so the team can fit you in. Would you like that?`,
    slotOpen: (when) => `${when} is open. Shall I book it for you?`,
    options: (list) => orList(list, 'or'),
    openingsLead: {
      closed: "We're closed then. The next openings are",
      past: 'That time has already passed. The next openings are',
      beyond_horizon: 'I can only book up to two months ahead. The next openings are',
      have: 'I have',
      next: 'The next openings are',
    },
    whichWorks: (lead, options) => `${lead} ${options}. Which works best?`,
    slotTaken: (sorry) => `${sorry} that time was just taken. What other day or time would work for you?`,
    whichService: (services) => `Sure! Which service would you like: ${orList(services, 'or')}?`,
    staffUnavailable: (asked, staff, service) =>
      `${asked ? `${asked} isn't available${service ? ` for ${service}` : ''}.` : ''} ${
        staff.length > 0
          ? `${service ? `${service} is` : 'Appointments are'} with ${orList(staff, 'or')}. Who would you like, or is anyone fine?`
          : 'Would anyone else be fine?'
      }`.trim(),
    closedDay: "We're closed that day.",
    nextOpenLead: 'On the next open day I have',
    withStaff: (name) => `with ${name}`,
    noUpcoming: "I couldn't find an upcoming appointment for this number. Would you like to book a new one?",
    upcomingOffer: (service, when) =>
      `I see your ${service ? `${service} appointment` : 'appointment'} on ${when}. Would you like to keep it, move it or cancel it?`,
    upcomingKept: (when) => `Great, you're all set for ${when}. Anything else I can help with?`,
    callerLimit:
      'I see you already have several upcoming appointments with us, so I can’t add another. Would you like me to take a message for the team?',
    bookingFailed: (sorry) =>
      `${sorry} I couldn't complete the booking. Would you like me to take a message for the team?`,
    confirmOnPage: (when, url) => `To book ${when}, please confirm it on our scheduling page: ${url}`,
    linkTexted: (when) =>
      `I've texted you a link to our scheduling page to confirm ${when}. Once you confirm there, you'll get a confirmation text.`,
    currentStaysBooked: 'Your current appointment stays booked until you confirm the new time.',
    booked: (when, moved) => `You're ${moved ? 'moved to' : 'booked for'} ${when}.`,
    confirmationTexted: "I've texted you a confirmation.",
    depositPaid: 'Your deposit is already paid.',
    depositLink: (amount, url) => `To hold it, please pay the ${amount} deposit here: ${url}`,
    depositTexted: (amount) => `To hold it, I've texted you a secure link for the ${amount} deposit.`,
    noBookingForDeposit: "I couldn't find a booking to take a deposit for.",
    depositNotSent: "I couldn't send the deposit link just now; the team will follow up.",
    noDeposits: "We don't take deposits, so there's nothing to pay in advance.",
    cancelNotFound:
      "I couldn't find an upcoming appointment for this number. Is there anything else I can help with?",
    cancelled: (when) => `Done: your appointment on ${when} is cancelled.`,
    confirmed: (when) => `Thank you: your appointment on ${when} is confirmed. See you then!`,
    messagePassed: (caller) =>
      `Thanks. I've passed your message on, and someone will get back to you at ${caller}. Anything else?`,
    managerUnreachable: (sorry) =>
      `${sorry} I can't reach a manager right now, but I can take a message for them. Would you like that?`,
    theManager: 'the manager',
    connecting: (ack, manager) => `${ack} Let me connect you with ${manager} now. One moment please.`,
    managerTold: (manager) => `I've let ${manager} know, and they'll get back to you shortly.`,
    thanksForContacting: (business, goodbye) => `Thanks for contacting ${business}. ${goodbye}`,
    fromKnowledge: (business, answer) => `Here's what ${business} has on file: "${answer}"`,
    unknownQuestion: (sorry, onFile) =>
      `${sorry} I don't have an answer to that on file.${onFile.length > 0 ? ` I can tell you about: ${onFile.join('; ')}.` : ''} I can take a message and have someone get back to you. Would you like that?`,
    declineConcession: (sorry, business, policy) =>
      `${sorry} I can't offer discounts, free services, refunds or exceptions, and I can't promise anything on the team's behalf.${policy ? ` Here's what ${business} has on file: "${policy}"` : ''} I can take a message so the team can look into it. Would you like that?`,
    cannotConfirmClaim: (sorry) =>
      `${sorry} I can't confirm what anyone at the business may have said or approved, so I can't act on it. I can take a message so the team can check and get back to you. Would you like that?`,
    refuseInstructions: (sorry) =>
      `${sorry} I can't share or change how I work. I'm happy to help with a booking, a question about the business or a message for the team.`,
  },
  es: {
    sorry: { plain: 'Lo siento.', warm: 'Lo siento muchísimo.' },
    nextStep: {
      proactive: '¿Quiere que le haga una cita?',
      plain: '¿Hay algo más en lo que le pueda ayudar?',
    },
    anythingElse: '¿Algo más en lo que le pueda ayudar?',
    askNameAgain: 'Perdone, no le entendí. ¿A nombre de quién hago la cita?',
    askMessageNameAgain: 'Perdone, ¿me da su nombre para el mensaje?',
    thanksWhatToPassOn: (name) => `Gracias, ${name}. ¿Qué mensaje quiere que le pase al equipo?`,
    slotItIs: (ack, when) => `${ack} Queda ${when}. ¿A nombre de quién hago la cita?`,
    noProblemWhen: 'No hay problema. ¿Qué día y hora le quedan mejor?',
    whichOffered: (offered) => `¿Qué hora prefiere: ${offered.join(', o ')}? O dígame otro día.`,
    whenInstead: 'Claro. ¿Qué día y hora le quedan mejor?',
    howCanIHelp: '¿En qué le puedo ayudar hoy?',
    whatCanIHelpWith: (ack) =>
      `${ack} ¿En qué le puedo ayudar: una cita, nuestro horario o un mensaje para el equipo?`,
    cannotAnswer: (sorry) =>
      `${sorry} No estoy seguro de poder responder eso. Puedo tomarle un mensaje para el equipo y alguien se comunicará con usted. ¿Le parece bien?`,
    askMessageName: (ack) => `${ack} Con gusto le tomo un mensaje. ¿Me da su nombre?`,
    askMessageReason: (ack, name) => `${ack} ¿Qué mensaje quiere que pase, ${name}?`,
    unknownTopic: (sorry, topic) =>
      `${sorry} No tengo esa información (${topic}) a mano. Puedo tomarle un mensaje y alguien se comunicará con usted. ¿Le parece bien?`,
    topicLead: {
      hours: (answer) => `Nuestro horario es: ${answer}.`,
      address: (answer) => `Estamos en ${answer}.`,
      website: (answer) => `Nuestra página web es ${answer}.`,
      phone: (answer) => `Puede llamarnos al ${answer}.`,
    },
    noOpenings: (sorry) =>
      `${sorry} No veo espacios disponibles en ese horario. Puedo tomarle un mensaje para que el equipo le busque un lugar. ¿Le parece bien?`,
    slotOpen: (when) => `Tengo libre ${when}. ¿Se lo reservo?`,
    options: (list) => orList(list, 'o'),
    openingsLead: {
      closed: 'A esa hora estamos cerrados. Los próximos espacios son',
      past: 'Esa hora ya pasó. Los próximos espacios son',
      beyond_horizon: 'Solo puedo reservar hasta dos meses por adelantado. Los próximos espacios son',
      have: 'Tengo',
      next: 'Los próximos espacios son',
    },
    whichWorks: (lead, options) => `${lead} ${options}. ¿Cuál le queda mejor?`,
    slotTaken: (sorry) => `${sorry} Esa hora se acaba de ocupar. ¿Qué otro día u hora le funciona?`,
    whichService: (services) => `¡Claro! ¿Qué servicio desea: ${orList(services, 'o')}?`,
    staffUnavailable: (asked, staff, service) =>
      `${asked ? `${asked} no está disponible${service ? ` para ${service}` : ''}.` : ''} ${
        staff.length > 0
          ? `${service ? `${service} lo hace` : 'Las citas son con'} ${orList(staff, 'o')}. ¿Con quién la quiere, o le da igual?`
          : '¿Le sirve con otra persona?'
      }`.trim(),
    closedDay: 'Ese día estamos cerrados.',
    nextOpenLead: 'El próximo día que abrimos, tengo',
    withStaff: (name) => `con ${name}`,
    noUpcoming: 'No encontré ninguna cita próxima para este número. ¿Quiere hacer una nueva?',
    upcomingOffer: (service, when) =>
      `Veo su cita${service ? ` de ${service}` : ''} ${when}. ¿Quiere mantenerla, cambiarla o cancelarla?`,
    upcomingKept: (when) => `Perfecto, le esperamos ${when}. ¿Le ayudo con algo más?`,
    callerLimit:
      'Veo que ya tiene varias citas próximas con nosotros, así que no puedo agregar otra. ¿Quiere que le tome un mensaje para el equipo?',
    bookingFailed: (sorry) =>
      `${sorry} No pude completar la cita. ¿Quiere que le tome un mensaje para el equipo?`,
    confirmOnPage: (when, url) => `Para reservar ${when}, confírmelo en nuestra página de citas: ${url}`,
    linkTexted: (when) =>
      `Le envié por mensaje un enlace a nuestra página de citas para confirmar ${when}. Cuando lo confirme, recibirá un mensaje de confirmación.`,
    currentStaysBooked: 'Su cita actual sigue en pie hasta que confirme la nueva hora.',
    booked: (when, moved) => (moved ? `Su cita quedó cambiada para ${when}.` : `Su cita quedó para ${when}.`),
    confirmationTexted: 'Le envié una confirmación por mensaje.',
    depositPaid: 'Su depósito ya está pagado.',
    depositLink: (amount, url) => `Para apartarla, pague el depósito de ${amount} aquí: ${url}`,
    depositTexted: (amount) =>
      `Para apartarla, le envié por mensaje un enlace seguro para el depósito de ${amount}.`,
    noBookingForDeposit: 'No encontré una cita para la cual tomar un depósito.',
    depositNotSent: 'No pude enviar el enlace del depósito en este momento; el equipo se pondrá en contacto.',
    noDeposits: 'No pedimos depósito, así que no hay nada que pagar por adelantado.',
    cancelNotFound:
      'No encontré ninguna cita próxima para este número. ¿Hay algo más en lo que le pueda ayudar?',
    cancelled: (when) => `Listo: cancelé su cita ${when}.`,
    confirmed: (when) => `Gracias: su cita ${when} quedó confirmada. ¡Lo esperamos!`,
    messagePassed: (caller) =>
      `Gracias. Ya pasé su mensaje y alguien se comunicará con usted al ${caller}. ¿Algo más?`,
    managerUnreachable: (sorry) =>
      `${sorry} No puedo comunicarme con un encargado en este momento, pero puedo tomarle un mensaje. ¿Le parece bien?`,
    theManager: 'el encargado',
    connecting: (ack, manager) => `${ack} Le comunico con ${manager} ahora. Un momento, por favor.`,
    managerTold: (manager) => `Ya le avisé a ${manager} y se comunicará con usted en breve.`,
    thanksForContacting: (business, goodbye) => `Gracias por comunicarse con ${business}. ${goodbye}`,
    fromKnowledge: (business, answer) => `Esto es lo que ${business} tiene registrado: "${answer}"`,
    unknownQuestion: (sorry, onFile) =>
      `${sorry} No tengo una respuesta a eso registrada.${onFile.length > 0 ? ` Puedo informarle sobre: ${onFile.join('; ')}.` : ''} Puedo tomarle un mensaje y alguien se comunicará con usted. ¿Le parece bien?`,
    declineConcession: (sorry, business, policy) =>
      `${sorry} No puedo ofrecer descuentos, servicios gratis, reembolsos ni excepciones, ni prometer nada en nombre del equipo.${policy ? ` Esto es lo que ${business} tiene registrado: "${policy}"` : ''} Puedo tomarle un mensaje para que el equipo lo revise. ¿Le parece bien?`,
    cannotConfirmClaim: (sorry) =>
      `${sorry} No puedo confirmar lo que alguien del negocio haya dicho o aprobado, así que no puedo actuar en base a eso. Puedo tomarle un mensaje para que el equipo lo verifique y se comunique con usted. ¿Le parece bien?`,
    refuseInstructions: (sorry) =>
      `${sorry} No puedo compartir ni cambiar cómo funciono. Con gusto le ayudo con una cita, una pregunta sobre el negocio o un mensaje para el equipo.`,
  },
};
