/**
 * Call recordings at the telephony provider (docs/decisions/184-call-recordings.md): the audio stays there,
 * and only our API fetches it, with the account's credentials, for the owner who asks with their token. The
 * real adapter is Twilio's Recordings resource (twilio.ts); the local stand-in keeps WAV files of the local
 * phone's calls (backend/src/local/twilio/local-recordings.ts).
 */
export interface CallRecordingsProvider {
  /** 'twilio' or 'local', for logs. */
  readonly name: string;
  /** The recording's audio; RecordingNotFoundError when the provider has none by that sid. */
  fetchAudio(recordingSid: string): Promise<{ audio: Uint8Array; mimeType: string }>;
  /** Deletes the recording at the provider; one already gone counts as deleted. */
  delete(recordingSid: string): Promise<void>;
}

/** The provider holds no recording by that sid (deleted, or never made). */
export class RecordingNotFoundError extends Error {}

/** The provider failed (credentials, outage); the route answers 502 without the vendor's details. */
export class RecordingProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** A Twilio recording sid: what every path and key built from a callback's RecordingSid is checked against. */
export const RECORDING_SID_PATTERN = /^RE[0-9a-f]{32}$/;
