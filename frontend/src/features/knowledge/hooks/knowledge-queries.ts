import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeBase, KnowledgeEntry, KnowledgeEntryInput } from '@shared/schemas/knowledge';
import { apiRefusalOf } from '../../../lib/api-client';
import { knowledgeApi } from '../api/knowledge-api';

export const knowledgeQueryKeys = { base: (userId: string) => ['knowledge', userId] as const };

/** What the API said was wrong, in its words (the field's message first), else the client's failure text. */
export const knowledgeRefusalOf = (error: unknown): string | undefined =>
  apiRefusalOf(error, ['question', 'answer', 'text', 'topic']);

export const useKnowledgeBase = (userId: string) =>
  useQuery({ queryKey: knowledgeQueryKeys.base(userId), queryFn: () => knowledgeApi.list(userId) });

/** Adds or replaces an entry; the cached list takes the stored entry (no second GET). */
export function useSaveKnowledgeEntry(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, entry }: { id?: string; entry: KnowledgeEntryInput }) =>
      id ? knowledgeApi.update(userId, id, entry) : knowledgeApi.add(userId, entry),
    onSuccess: (stored: KnowledgeEntry) =>
      queryClient.setQueryData<KnowledgeBase>(knowledgeQueryKeys.base(userId), (base) =>
        base
          ? {
              ...base,
              entries: base.entries.some((e) => e.id === stored.id)
                ? base.entries.map((e) => (e.id === stored.id ? stored : e))
                : [...base.entries, stored],
            }
          : base,
      ),
  });
}

export function useDeleteKnowledgeEntry(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => knowledgeApi.remove(userId, id),
    onSuccess: ({ id }) =>
      queryClient.setQueryData<KnowledgeBase>(knowledgeQueryKeys.base(userId), (base) =>
        base ? { ...base, entries: base.entries.filter((e) => e.id !== id) } : base,
      ),
  });
}

export const useSuggestKnowledge = (userId: string) =>
  useMutation({ mutationFn: (text: string) => knowledgeApi.suggest(userId, text) });
