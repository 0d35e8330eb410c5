/** Per-owner bounds on what the receptionist stores and spends (issue 9; every store has a limit). */
export const RECEPTIONIST_LIMITS = {
  /** New conversations per owner per day, across channels. */
  conversationsPerDay: 2_000,
  /** Caller turns in one conversation; past it the assistant closes politely. */
  callerTurnsPerConversation: 60,
  /** Characters of one caller input the engine reads. */
  inputChars: 2_000,
  /** Model steps (tool rounds) in one turn. */
  stepsPerTurn: 4,
  /** An SMS thread continues in the same conversation within this window. */
  smsThreadWindowHours: 24,
} as const;
