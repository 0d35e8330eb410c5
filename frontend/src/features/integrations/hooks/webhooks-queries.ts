import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint, WebhookEndpointCreate } from '@shared/schemas/webhook-endpoints';
import { ApiClientError } from '../../../lib/api-client';
import { webhooksApi } from '../api/webhooks-api';

export const webhookQueryKeys = {
  endpoints: (userId: string) => ['webhooks', 'endpoints', userId] as const,
  deliveries: (userId: string, id: string) => ['webhooks', 'deliveries', userId, id] as const,
};

type EndpointList = { endpoints: WebhookEndpoint[]; limit: number };

/** What the API said was wrong, in its words, else the client's failure text. */
export function refusalOf(error: unknown): string | undefined {
  if (!error) return undefined;
  return error instanceof ApiClientError ? error.message : 'Something went wrong. Please try again.';
}

export const useWebhookEndpoints = (userId: string) =>
  useQuery({ queryKey: webhookQueryKeys.endpoints(userId), queryFn: () => webhooksApi.list(userId) });

/** Puts a stored endpoint into the cached list (no second GET). */
function useStoreEndpoint(userId: string) {
  const queryClient = useQueryClient();
  return (endpoint: WebhookEndpoint) =>
    queryClient.setQueryData<EndpointList>(webhookQueryKeys.endpoints(userId), (list) =>
      list
        ? {
            ...list,
            endpoints: list.endpoints.some((e) => e.id === endpoint.id)
              ? list.endpoints.map((e) => (e.id === endpoint.id ? endpoint : e))
              : [...list.endpoints, endpoint],
          }
        : list,
    );
}

export function useCreateEndpoint(userId: string) {
  const store = useStoreEndpoint(userId);
  return useMutation({
    mutationFn: (body: WebhookEndpointCreate) => webhooksApi.create(userId, body),
    onSuccess: ({ endpoint }) => store(endpoint),
  });
}

export function useRotateSecret(userId: string) {
  const store = useStoreEndpoint(userId);
  return useMutation({
    mutationFn: (id: string) => webhooksApi.rotate(userId, id),
    onSuccess: ({ endpoint }) => store(endpoint),
  });
}

export function useSetEnabled(userId: string) {
  const store = useStoreEndpoint(userId);
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      webhooksApi.setEnabled(userId, id, enabled),
    onSuccess: store,
  });
}

export function useDeleteEndpoint(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => webhooksApi.remove(userId, id).then(() => id),
    onSuccess: (id) =>
      queryClient.setQueryData<EndpointList>(webhookQueryKeys.endpoints(userId), (list) =>
        list ? { ...list, endpoints: list.endpoints.filter((e) => e.id !== id) } : list,
      ),
  });
}

export const useDeliveries = (userId: string, id: string) =>
  useQuery({
    queryKey: webhookQueryKeys.deliveries(userId, id),
    queryFn: () => webhooksApi.deliveries(userId, id),
  });

/** A test send or a replay: queued; the log is read again shortly after, when the attempt has been made. */
export function useSendNow(userId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { replay?: string }) =>
      request.replay ? webhooksApi.replay(userId, id, request.replay) : webhooksApi.test(userId, id),
    onSuccess: () => {
      const refresh = () =>
        void queryClient.invalidateQueries({ queryKey: webhookQueryKeys.deliveries(userId, id) });
      refresh();
      setTimeout(refresh, 1_500);
    },
  });
}
