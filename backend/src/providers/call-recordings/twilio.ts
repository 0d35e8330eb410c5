import {
  RecordingNotFoundError,
  RecordingProviderError,
  RECORDING_SID_PATTERN,
  type CallRecordingsProvider,
} from './port';

/**
 * Twilio's Recordings resource over plain HTTPS (fetch; no SDK, so the telephony function's cold start does
 * not load it): GET /2010-04-01/Accounts/{AC}/Recordings/{RE}.wav is the audio (a dual-channel recording
 * is a two-channel WAV), DELETE /Recordings/{RE}.json deletes it for good. Both with the account's Basic
 * auth, which Twilio requires on media when "HTTP Basic Authentication for media" is on; we always send it.
 * `apiBase` points it at tests/fakes/twilio.
 */
export function createTwilioCallRecordings(options: {
  accountSid: string;
  authToken: string;
  apiBase?: string;
  fetch?: typeof fetch;
}): CallRecordingsProvider {
  const base = (options.apiBase ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const send = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const url = (sid: string, extension: 'wav' | 'json') => {
    // A sid only ever comes from our own records, checked when stored; checked again before it is a path.
    if (!RECORDING_SID_PATTERN.test(sid)) throw new RecordingNotFoundError(`Not a recording sid: ${sid}`);
    return `${base}/2010-04-01/Accounts/${options.accountSid}/Recordings/${sid}.${extension}`;
  };
  const failure = async (response: Response, action: string) => {
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: number };
    return new RecordingProviderError(
      `Twilio recording ${action} failed: ${response.status} ${body.code ?? ''} ${body.message ?? ''}`.trim(),
      response.status,
    );
  };

  return {
    name: 'twilio',
    async fetchAudio(sid) {
      const response = await send(url(sid, 'wav'), { headers: { Authorization: authorization } });
      if (response.status === 404) throw new RecordingNotFoundError(`No recording ${sid} at Twilio`);
      if (!response.ok) throw await failure(response, 'fetch');
      return {
        audio: new Uint8Array(await response.arrayBuffer()),
        mimeType: response.headers.get('content-type') ?? 'audio/wav',
      };
    },
    async delete(sid) {
      const response = await send(url(sid, 'json'), {
        method: 'DELETE',
        headers: { Authorization: authorization },
      });
      // Gone already is what we wanted.
      if (response.status === 404 || response.ok) return;
      throw await failure(response, 'delete');
    },
  };
}
