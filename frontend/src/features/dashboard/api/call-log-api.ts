import type { callLogDetailSchema, callLogPageSchema } from '@shared/schemas/call-log';
import type { ConversationChannel, ConversationOutcome } from '@shared/conversation';
import type { Language } from '@shared/language';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from '../../../lib/api-read-paths';

export type CallLogFilters = {
  channel?: ConversationChannel;
  outcome?: ConversationOutcome;
  /** The caller's language (English includes records stored before languages were kept). */
  language?: Language;
  phone?: string;
  /** ISO start of the range; absent: all time. */
  from?: string;
};

const base = (userId: string) => `${ownerPath(userId)}/conversations`;

/** The call log's calls (issue 13 §1): one page of conversations, and one conversation whole. */
export const callLogApi = {
  page: (userId: string, filters: CallLogFilters, cursor?: string, limit?: number) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...filters, cursor, limit })) {
      if (value !== undefined && value !== '') query.set(name, String(value));
    }
    const search = query.toString();
    return apiRequest<typeof callLogPageSchema>(`${base(userId)}${search ? `?${search}` : ''}`, {
      action: 'load the call log',
    });
  },
  detail: (userId: string, conversationId: string, startedAt: string) =>
    apiRequest<typeof callLogDetailSchema>(
      `${base(userId)}/${encodeURIComponent(conversationId)}?started_at=${encodeURIComponent(startedAt)}`,
      { action: 'load the conversation' },
    ),
};
