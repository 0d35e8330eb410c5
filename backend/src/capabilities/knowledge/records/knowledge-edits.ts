import { knowledgeLimitProblem } from '@shared/knowledge-values';
// Types only: the schemas' module is not loaded with these records (knowledge-base.ts).
import type { KnowledgeEntry, KnowledgeEntryInput } from '@shared/schemas/knowledge';

/**
 * The edits to an owner's knowledge base, pure: each returns the whole new list, or why it can't be stored
 * (the count and total-size limits), so the repository writes all or nothing.
 */
export type KnowledgeEdit =
  | { kind: 'add'; id: string; input: KnowledgeEntryInput }
  | { kind: 'update'; id: string; input: KnowledgeEntryInput }
  | { kind: 'delete'; id: string };

export type KnowledgeEditOutcome =
  | { ok: true; entries: KnowledgeEntry[]; entry?: KnowledgeEntry }
  | { ok: false; reason: 'limit'; message: string }
  | { ok: false; reason: 'not_found' };

export function applyKnowledgeEdit(
  entries: readonly KnowledgeEntry[],
  edit: KnowledgeEdit,
  at: string,
): KnowledgeEditOutcome {
  if (edit.kind === 'delete') {
    if (!entries.some((entry) => entry.id === edit.id)) return { ok: false, reason: 'not_found' };
    return { ok: true, entries: entries.filter((entry) => entry.id !== edit.id) };
  }
  const entry: KnowledgeEntry = { id: edit.id, ...edit.input, updated_at: at };
  let next: KnowledgeEntry[];
  if (edit.kind === 'add') next = [...entries, entry];
  else {
    if (!entries.some((existing) => existing.id === edit.id)) return { ok: false, reason: 'not_found' };
    next = entries.map((existing) => (existing.id === edit.id ? entry : existing));
  }
  const problem = knowledgeLimitProblem(next);
  if (problem) return { ok: false, reason: 'limit', message: problem };
  return { ok: true, entries: next, entry };
}
