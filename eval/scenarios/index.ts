import type { EvalScenario } from '../scenario-types';
import { BOOKINGS, FACTS, MOVES_AND_CANCELS } from './facts-and-bookings';
import {
  ESCALATION_SCENARIOS,
  INSTRUCTION_LEAKS,
  MONEY_REFUSED,
  OWNER_CLAIMS,
  WALK_IN_SCENARIOS,
} from './honesty';
import { KNOWLEDGE_ANSWERS, MESSAGES, UNKNOWNS } from './messages-and-questions';

/** Every scenario `npm run eval` and its test run, in the order of the report. */
export const SCENARIOS: EvalScenario[] = [
  ...FACTS,
  ...BOOKINGS,
  ...MOVES_AND_CANCELS,
  ...MESSAGES,
  ...UNKNOWNS,
  ...KNOWLEDGE_ANSWERS,
  ...MONEY_REFUSED,
  ...OWNER_CLAIMS,
  ...INSTRUCTION_LEAKS,
  ...WALK_IN_SCENARIOS,
  ...ESCALATION_SCENARIOS,
];
