import type {
  callRecordingSchema,
  callRecordingSettingSchema,
  deletedRecordingSchema,
} from '@shared/schemas/call-recording';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { ownerPath } from '../../../lib/api-read-paths';

const recordingPath = (userId: string, conversationId: string) =>
  `${ownerPath(userId)}/conversations/${encodeURIComponent(conversationId)}/recording`;

/** Call recordings (docs/decisions/184-call-recordings.md): the owner's switch and one call's recording. */
export const recordingsApi = {
  setting: (userId: string) =>
    apiRequest<typeof callRecordingSettingSchema>(`${ownerPath(userId)}/call-recording`, {
      action: 'load the recording setting',
    }),
  save: (userId: string, on: boolean) =>
    apiRequest<typeof callRecordingSettingSchema>(`${ownerPath(userId)}/call-recording`, {
      method: 'PUT',
      body: { call_recording: on },
      action: 'save the recording setting',
    }),
  recording: (userId: string, conversationId: string) =>
    apiRequest<typeof callRecordingSchema>(recordingPath(userId, conversationId), {
      action: 'load the call recording',
    }),
  audio: (userId: string, conversationId: string) =>
    apiBlob(`${recordingPath(userId, conversationId)}/audio`, {
      accept: 'audio/*',
      action: 'load the call recording',
    }),
  remove: (userId: string, conversationId: string) =>
    apiRequest<typeof deletedRecordingSchema>(recordingPath(userId, conversationId), {
      method: 'DELETE',
      action: 'delete the call recording',
    }),
};
