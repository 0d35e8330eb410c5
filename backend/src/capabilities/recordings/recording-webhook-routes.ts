import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shared/schemas/api-error';
import { DEFAULT_RETENTION_DAYS } from '@shared/privacy-retention';
import type { AppEnv } from '../../platform/http/app-env';
import { parseOrBadRequest } from '../../platform/http/parse-input';
import { errorResponses, jsonContent } from '../../platform/http/openapi-helpers';
import { TWILIO_WEBHOOK_PATHS } from '../../platform/http/webhook-paths';
import { readSignedTwilioRequest } from '../../providers/telephony/twilio-request';
import type { RecordingsDeps } from './deps';
import { recordingCallbackSchema, recordingOf } from './recording-rules';

/** A call's conversation id follows from its CallSid (the voice webhook names it so). */
const conversationIdOfCall = (callSid: string) => `call-${callSid}`;

/**
 * Twilio's recording status callback (docs/decisions/184-call-recordings.md), verified by
 * X-Twilio-Signature before anything is read. The recording is stored on the call's conversation (its owner
 * and caller from the conversation's working state); a retry changes nothing. A recording whose call has no
 * conversation any more (the caller was erased meanwhile) is deleted at the provider at once: nothing of
 * theirs is kept after an erasure.
 */
export const recordingWebhookRoutes = (deps: RecordingsDeps) => {
  const app = new OpenAPIHono<AppEnv>();
  app.openAPIRegistry.registerPath(
    createRoute({
      method: 'post',
      path: TWILIO_WEBHOOK_PATHS.voiceRecording,
      tags: ['webhooks'],
      summary:
        "Twilio's recording status callback: stores the call's recording (in progress, completed, absent)",
      request: {
        body: {
          content: { 'application/x-www-form-urlencoded': { schema: z.record(z.string(), z.string()) } },
          required: true,
        },
      },
      responses: {
        204: { description: 'Stored, or nothing to store' },
        400: errorResponses[400],
        403: jsonContent(apiErrorSchema, 'Missing or wrong X-Twilio-Signature'),
        500: errorResponses[500],
      },
    }),
  );

  app.post(TWILIO_WEBHOOK_PATHS.voiceRecording, async (c) => {
    const form = await readSignedTwilioRequest(c, {
      authToken: deps.config.twilioWebhookAuthToken,
      publicApiUrl: deps.config.publicApiUrl,
    });
    const callback = parseOrBadRequest(recordingCallbackSchema, form);
    const conversationId = conversationIdOfCall(callback.CallSid);
    const state = await deps.data.conversationStates.get(conversationId);
    if (!state || state.channel !== 'voice' || state.external_id !== callback.CallSid) {
      if (callback.RecordingStatus === 'completed') {
        await deps.providers.callRecordings.delete(callback.RecordingSid);
        deps.logger.info('recordings.orphan_deleted', { call_sid: callback.CallSid });
      }
      return c.body(null, 204);
    }
    const [config, existing] = await Promise.all([
      deps.data.businessConfigs.getConfig(state.owner_id),
      deps.data.callRecordings.get(state.owner_id, conversationId),
    ]);
    const recording = recordingOf(
      callback,
      {
        owner_id: state.owner_id,
        conversation_id: conversationId,
        caller: state.caller,
        started_at: state.started_at,
      },
      config?.transcript_retention_days ?? DEFAULT_RETENTION_DAYS,
      existing,
      deps.now(),
    );
    const stored = await deps.data.callRecordings.saveStatus(recording);
    deps.logger.info('recordings.status', {
      owner_id: state.owner_id,
      conversation_id: conversationId,
      status: callback.RecordingStatus,
      stored,
    });
    return c.body(null, 204);
  });
  return app;
};
