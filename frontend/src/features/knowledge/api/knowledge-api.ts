import type {
  deletedKnowledgeEntrySchema,
  knowledgeBaseSchema,
  KnowledgeEntryInput,
  knowledgeEntrySchema,
  knowledgeSuggestionsSchema,
} from '@shared/schemas/knowledge';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from '../../../lib/api-read-paths';

const knowledgePath = (userId: string) => `${ownerPath(userId)}/knowledge`;

/** The owner's knowledge base (docs/decisions/181). Writes answer with what they stored. */
export const knowledgeApi = {
  list: (userId: string) =>
    apiRequest<typeof knowledgeBaseSchema>(knowledgePath(userId), { action: 'load your knowledge base' }),
  add: (userId: string, entry: KnowledgeEntryInput) =>
    apiRequest<typeof knowledgeEntrySchema>(knowledgePath(userId), {
      method: 'POST',
      body: entry,
      action: 'add the entry',
    }),
  update: (userId: string, id: string, entry: KnowledgeEntryInput) =>
    apiRequest<typeof knowledgeEntrySchema>(`${knowledgePath(userId)}/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body: entry,
      action: 'save the entry',
    }),
  remove: (userId: string, id: string) =>
    apiRequest<typeof deletedKnowledgeEntrySchema>(`${knowledgePath(userId)}/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      action: 'delete the entry',
    }),
  suggest: (userId: string, text: string) =>
    apiRequest<typeof knowledgeSuggestionsSchema>(`${knowledgePath(userId)}/suggestions`, {
      method: 'POST',
      body: { text },
      action: 'suggest entries',
    }),
};
