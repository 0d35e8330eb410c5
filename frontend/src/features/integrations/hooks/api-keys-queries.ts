import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeys, CreateApiKeyRequest } from '@shared/schemas/automations';
import { ApiClientError, apiFieldErrors } from '../../../lib/api-client';
import { apiKeysApi } from '../api/api-keys-api';

export const apiKeysQueryKey = (userId: string) => ['integrations', 'api-keys', userId] as const;

/** What the API said was wrong, in its words (the field's message first), else the client's failure text. */
export function apiKeyRefusal(error: unknown): string | undefined {
  if (!error) return undefined;
  if (!(error instanceof ApiClientError)) return 'Something went wrong. Please try again.';
  const fields = apiFieldErrors(error);
  return fields.name ?? fields.scope ?? error.message;
}

export const useApiKeys = (userId: string) =>
  useQuery({ queryKey: apiKeysQueryKey(userId), queryFn: () => apiKeysApi.list(userId) });

/** Creates a key; the list in the cache takes the stored key's entry (never the key itself). */
export function useCreateApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateApiKeyRequest) => apiKeysApi.create(userId, request),
    onSuccess: ({ key: _key, ...entry }) =>
      queryClient.setQueryData<ApiKeys>(apiKeysQueryKey(userId), (list) =>
        list ? { ...list, keys: [entry, ...list.keys.filter((k) => k.id !== entry.id)] } : list,
      ),
  });
}

export function useRevokeApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => apiKeysApi.revoke(userId, keyId),
    onSuccess: ({ id }) =>
      queryClient.setQueryData<ApiKeys>(apiKeysQueryKey(userId), (list) =>
        list ? { ...list, keys: list.keys.filter((k) => k.id !== id) } : list,
      ),
  });
}
