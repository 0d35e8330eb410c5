import type { Receptionist } from '../receptionist/index';
import type { EngineEvent, ToolName } from '../receptionist/index';
import type { Reply } from './scenario-types';

/**
 * One caller turn through the real engine: the reply, the tools it called, and how long it took. Shared by
 * `npm run eval` (eval/runner.ts) and the dashboard's "Check my assistant".
 */
export async function runOneTurn(
  receptionist: Pick<Receptionist, 'runTurn'>,
  conversationId: string,
  text: string,
): Promise<Reply> {
  const started = performance.now();
  let firstTokenMs: number | null = null;
  let reply = '';
  const tools: ToolName[] = [];
  let transferred = false;
  for await (const event of receptionist.runTurn(conversationId, { text }) as AsyncIterable<EngineEvent>) {
    if (event.type === 'text') {
      firstTokenMs ??= performance.now() - started;
      reply += event.delta;
    } else if (event.type === 'tool_call') tools.push(event.name);
    else if (event.type === 'transfer') transferred = true;
  }
  return { text: reply, tools, transferred, firstTokenMs, turnMs: performance.now() - started };
}
