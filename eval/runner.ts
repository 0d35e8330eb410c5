import type { AppDeps } from '../backend/src/entry/app-types';
import { runOneTurn } from '../backend/src/capabilities/assistant-check/run-turn';
import { setUpBusiness } from './business';
import { scenarioFailures } from './checks';
import type { EvalCategory, EvalScenario, ObservedConversation, Reply } from './scenario-types';

export type ScenarioResult = {
  id: string;
  category: EvalCategory;
  channel: EvalScenario['channel'];
  language: EvalScenario['language'];
  passed: boolean;
  failures: string[];
  turns: Array<{ say: string } & Reply>;
};

/** Each scenario's caller number, distinct so no two share a thread or a caller memory. */
const callerOf = (index: number) => `+1415556${String(1000 + index).padStart(4, '0')}`;

/** A whole scenario: its own business, its caller's turns, then the owner's records read back. */
export async function observeScenario(
  deps: AppDeps,
  scenario: EvalScenario,
  index: number,
): Promise<ObservedConversation> {
  const caller = callerOf(index);
  const replies: Reply[] = [];
  let ownerId: string | undefined;
  try {
    const business = await setUpBusiness(deps, { ...scenario, caller });
    ownerId = business.ownerId;
    const conversation = await deps.receptionist.startConversation({
      ownerId,
      channel: scenario.channel,
      caller,
      assistantNumber: business.assistantNumber,
    });
    for (const turn of scenario.turns)
      replies.push(await runOneTurn(deps.receptionist, conversation.id, turn.say, ownerId));
    const appointments = await deps.data.appointments.listBetween(
      ownerId,
      new Date('2026-01-01T00:00:00Z'),
      new Date('2028-01-01T00:00:00Z'),
    );
    const messages = await deps.data.ownerMessages.latest(ownerId);
    return {
      replies,
      appointments: appointments.map((a) => ({
        status: a.status,
        starts_at: a.starts_at,
        customer_name: a.customer_name,
      })),
      messages: messages.map((m) => m.reason),
    };
  } catch (error) {
    return { replies, appointments: [], messages: [], error: (error as Error).message };
  }
}

/** Runs every scenario (at most `concurrency` at once) and checks each against its expectations. */
export async function runScenarios(
  deps: AppDeps,
  scenarios: EvalScenario[],
  options: { concurrency?: number; onResult?: (result: ScenarioResult) => void } = {},
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = new Array(scenarios.length);
  let next = 0;
  const worker = async () => {
    while (next < scenarios.length) {
      const index = next++;
      const scenario = scenarios[index]!;
      const observed = await observeScenario(deps, scenario, index);
      const failures = scenarioFailures(scenario, observed);
      const result: ScenarioResult = {
        id: scenario.id,
        category: scenario.category,
        channel: scenario.channel,
        language: scenario.language,
        passed: failures.length === 0,
        failures,
        turns: observed.replies.map((reply, i) => ({ say: scenario.turns[i]!.say, ...reply })),
      };
      results[index] = result;
      options.onResult?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return results;
}
