import type {
  apiKeysSchema,
  CreateApiKeyRequest,
  createdApiKeySchema,
  revokedApiKeySchema,
} from '@shared/schemas/automations';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from '../../../lib/api-read-paths';

const keysPath = (userId: string) => `${ownerPath(userId)}/api-keys`;

/** The owner's API keys (docs/decisions/179). A create answers with the key itself, this one time. */
export const apiKeysApi = {
  list: (userId: string) =>
    apiRequest<typeof apiKeysSchema>(keysPath(userId), { action: 'load your API keys' }),
  create: (userId: string, request: CreateApiKeyRequest) =>
    apiRequest<typeof createdApiKeySchema>(keysPath(userId), {
      method: 'POST',
      body: request,
      action: 'create the API key',
    }),
  revoke: (userId: string, keyId: string) =>
    apiRequest<typeof revokedApiKeySchema>(`${keysPath(userId)}/${encodeURIComponent(keyId)}`, {
      method: 'DELETE',
      action: 'revoke the API key',
    }),
};
