import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedNumbers } from '@shared/schemas/caller-gates';
import { apiRefusalOf } from '../../../lib/api-client';
import { callerGatesApi } from '../api/caller-gates-api';

export const callerGatesQueryKeys = {
  blocked: (userId: string) => ['caller-gates', 'blocked', userId] as const,
  textBack: (userId: string) => ['caller-gates', 'text-back', userId] as const,
};

/** What the API said was wrong, in its words (the field's message first), else the client's failure text. */
export const refusalOf = (error: unknown): string | undefined =>
  apiRefusalOf(error, ['number', 'template', 'reason']);

export const useBlockedNumbers = (userId: string) =>
  useQuery({ queryKey: callerGatesQueryKeys.blocked(userId), queryFn: () => callerGatesApi.blocked(userId) });

/** Blocks a number; the list in the cache takes the stored block (no second GET). */
export function useBlockNumber(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, reason }: { number: string; reason: string }) =>
      callerGatesApi.block(userId, number, reason),
    onSuccess: (entry) =>
      queryClient.setQueryData<BlockedNumbers>(callerGatesQueryKeys.blocked(userId), (list) =>
        list ? { ...list, numbers: [entry, ...list.numbers.filter((n) => n.number !== entry.number)] } : list,
      ),
  });
}

export function useUnblockNumber(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (number: string) => callerGatesApi.unblock(userId, number),
    onSuccess: ({ number }) =>
      queryClient.setQueryData<BlockedNumbers>(callerGatesQueryKeys.blocked(userId), (list) =>
        list ? { ...list, numbers: list.numbers.filter((n) => n.number !== number) } : list,
      ),
  });
}

export const useMissedCallTextBack = (userId: string) =>
  useQuery({
    queryKey: callerGatesQueryKeys.textBack(userId),
    queryFn: () => callerGatesApi.textBack(userId),
  });
