import type { Receptionist } from '../receptionist/index';
import type { EngineEvent, ToolName } from '../receptionist/index';
import type { Reply } from './scenario-types';

/**
 * One caller turn through the real engine: the reply, the tools it called, and how long it took. Shared by
 * `npm run eval` (eval/runner.ts) and the dashboard's "Check my assistant". `ownerId`, the conversation's
 * owner, lets the engine read the business beside the turn's lease, as the call and text channels do
 * (docs/decisions/185): the timings are then the ones a caller meets.
 */
export async function runOneTurn(
  receptionist: Pick<Receptionist, 'runTurn'>,
  conversationId: string,
  text: string,
  ownerId?: string,
): Promise<Reply> {
  const started = performance.now();
  let firstTokenMs: number | null = null;
  let reply = '';
  const tools: ToolName[] = [];
  let transferred = false;
  const turn = receptionist.runTurn(conversationId, { text, ...(ownerId ? { ownerId } : {}) });
  for await (const event of turn as AsyncIterable<EngineEvent>) {
    if (event.type === 'text') {
      firstTokenMs ??= performance.now() - started;
      reply += event.delta;
    } else if (event.type === 'tool_call') tools.push(event.name);
    else if (event.type === 'transfer') transferred = true;
  }
  return { text: reply, tools, transferred, firstTokenMs, turnMs: performance.now() - started };
}
