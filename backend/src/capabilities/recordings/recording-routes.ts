import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shared/schemas/api-error';
import { CALL_RECORDING_TEXTS } from '@shared/call-recordings';
import {
  callRecordingSchema,
  callRecordingSettingSchema,
  deletedRecordingSchema,
} from '@shared/schemas/call-recording';
import { SETUP_MESSAGES } from '@shared/setup-messages';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { HttpError, notFound } from '../../platform/errors/http-error';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';
import { RecordingNotFoundError } from '../../providers/call-recordings/port';
import type { RecordingsDeps } from './deps';
import { deleteRecording } from './delete-recordings';
import { recordingView } from './recording-rules';

const conversationParams = userIdParams.extend({ conversationId: z.string().min(1).max(100) });
const noRecording = { 404: jsonContent(apiErrorSchema, 'No recording of this conversation') };

/**
 * The owner's side of call recordings (docs/decisions/184-call-recordings.md): the switch, and one call's
 * recording: what it is, and its audio, streamed through our API with the owner's token (never a provider
 * URL, which would need the account's credentials or be public).
 */
export const recordingRoutes = (deps: RecordingsDeps) => {
  const { data } = deps;
  const auth = requireAuth(deps.verifyToken);

  const getSetting = createRoute({
    method: 'get',
    path: '/oauth/users/{userId}/call-recording',
    tags: ['privacy'],
    summary: 'Whether calls are recorded',
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: { params: userIdParams },
    responses: {
      200: jsonContent(callRecordingSettingSchema, 'The setting'),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'No business config for this owner'),
    },
  });
  const putSetting = createRoute({
    method: 'put',
    path: '/oauth/users/{userId}/call-recording',
    tags: ['privacy'],
    summary: 'Turn call recording on or off (on: every call starts with the recording disclosure)',
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: callRecordingSettingSchema } }, required: true },
    },
    responses: {
      200: jsonContent(callRecordingSettingSchema, 'Saved'),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'No business config for this owner'),
    },
  });
  const getRecording = createRoute({
    method: 'get',
    path: '/oauth/users/{userId}/conversations/{conversationId}/recording',
    tags: ['call-log'],
    summary: "One call's recording: status, length, channels",
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: { params: conversationParams },
    responses: {
      200: jsonContent(callRecordingSchema, 'The recording'),
      ...errorResponses,
      ...noRecording,
    },
  });
  const getAudio = createRoute({
    method: 'get',
    path: '/oauth/users/{userId}/conversations/{conversationId}/recording/audio',
    tags: ['call-log'],
    summary: "One call's recorded audio (two-channel WAV: the caller, then the assistant)",
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: { params: conversationParams },
    responses: {
      200: { content: { 'audio/wav': { schema: z.string() } }, description: 'The audio' },
      ...errorResponses,
      ...noRecording,
      502: jsonContent(apiErrorSchema, 'The provider did not answer'),
    },
  });

  const deleteOne = createRoute({
    method: 'delete',
    path: '/oauth/users/{userId}/conversations/{conversationId}/recording',
    tags: ['call-log'],
    summary: "Delete one call's recording (at the provider, then ours); the transcript stays",
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: { params: conversationParams },
    responses: {
      200: jsonContent(deletedRecordingSchema, 'Deleted'),
      ...errorResponses,
      ...noRecording,
      409: jsonContent(apiErrorSchema, 'The call is still being recorded'),
      502: jsonContent(apiErrorSchema, 'The provider did not answer; nothing was deleted'),
    },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(getSetting, async (c) => {
      const config = await data.businessConfigs.getConfig(c.req.valid('param').userId);
      if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
      return c.json({ call_recording: config.call_recording === true }, 200);
    })
    .openapi(putSetting, async (c) => {
      const { userId } = c.req.valid('param');
      const { call_recording } = c.req.valid('json');
      const config = await data.businessConfigs.updateConfigFields(userId, { call_recording });
      if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
      deps.logger.info('recordings.setting_changed', { owner_id: userId, call_recording });
      return c.json({ call_recording: config.call_recording === true }, 200);
    })
    .openapi(getRecording, async (c) => {
      const { userId, conversationId } = c.req.valid('param');
      const recording = await data.callRecordings.get(userId, conversationId);
      if (!recording) throw notFound('No recording of this conversation');
      return c.json(recordingView(recording), 200);
    })
    .openapi(getAudio, async (c) => {
      const { userId, conversationId } = c.req.valid('param');
      const recording = await data.callRecordings.get(userId, conversationId);
      if (recording?.status !== 'completed') throw notFound('No recording of this conversation');
      let media;
      try {
        media = await deps.providers.callRecordings.fetchAudio(recording.recording_sid);
      } catch (error) {
        if (error instanceof RecordingNotFoundError) throw notFound('No recording of this conversation');
        deps.logger.warn('recordings.fetch_failed', { owner_id: userId, error: String(error) });
        throw new HttpError(502, 'provider_error', 'The recording could not be fetched. Please try again.');
      }
      return c.body(media.audio as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': media.mimeType,
        // Callers' voices: never kept by a browser or a shared cache.
        'Cache-Control': 'private, no-store',
        'Content-Length': String(media.audio.byteLength),
      }) as never;
    })
    .openapi(deleteOne, async (c) => {
      const { userId, conversationId } = c.req.valid('param');
      const recording = await data.callRecordings.get(userId, conversationId);
      if (!recording) throw notFound('No recording of this conversation');
      // Twilio refuses to delete a recording still being made; the status callback will complete it.
      if (recording.status === 'in-progress')
        throw new HttpError(409, 'recording_in_progress', CALL_RECORDING_TEXTS.stillRecording);
      try {
        await deleteRecording(deps, recording);
      } catch (error) {
        deps.logger.warn('recordings.delete_failed', { owner_id: userId, error: String(error) });
        throw new HttpError(502, 'provider_error', CALL_RECORDING_TEXTS.deleteFailed);
      }
      deps.logger.info('recordings.deleted_by_owner', { owner_id: userId });
      return c.json({ conversation_id: conversationId, deleted: true as const }, 200);
    });
};
