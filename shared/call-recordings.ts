import type { Language } from './language';

/**
 * Call recordings (docs/decisions/184-call-recordings.md): off unless the owner turns them on; while on,
 * every call opens with the disclosure, Twilio records both sides on two channels, and the recording is kept
 * as long as the call's transcript, deleted at the provider on expiry, caller erasure and account deletion.
 */

/**
 * Said first on every call while recordings are on, in each language the business serves (the call's own
 * language first). Always said, whatever the state: some states need every party's consent, and a caller
 * who hears it and stays on has been told.
 */
export const RECORDING_DISCLOSURE: Record<Language, string> = {
  en: 'This call may be recorded.',
  es: 'Esta llamada puede ser grabada.',
};

/** The greeting with the disclosure in front: the call's language first, then the others served. */
export function disclosedGreeting(
  greeting: string,
  callLanguage: Language,
  served: readonly Language[],
): string {
  const languages = [callLanguage, ...served.filter((language) => language !== callLanguage)];
  return `${languages.map((language) => RECORDING_DISCLOSURE[language]).join(' ')} ${greeting.trim()}`;
}

/**
 * Recordings one owner may start per calendar month (UTC): they cost money at the provider and store the
 * callers' voices. Beyond it calls are answered as usual, unrecorded.
 */
export const RECORDINGS_PER_MONTH = 1_000;

/** The recording status callback's states, as Twilio sends them (RecordingStatus). */
export const RECORDING_STATUSES = ['in-progress', 'completed', 'absent', 'failed'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];

/** A status a recording never leaves: a late `in-progress` retry cannot undo it. */
export const isFinalRecordingStatus = (status: RecordingStatus) => status !== 'in-progress';

/** The calendar month (UTC) a recording started in: the key of the owner's monthly count. */
export const recordingMonthOf = (at: Date) => at.toISOString().slice(0, 7);

/** The owner's control (Privacy panel) and the call detail's player. */
export const CALL_RECORDING_TEXTS = {
  label: 'Record calls',
  hint: 'Off by default. When on, every call starts with “This call may be recorded.” and both sides of the call are recorded on two channels. Recordings are kept as long as transcripts and are deleted with them, when you delete one from its call, when you erase a caller, and when you delete your account.',
  saved: (on: boolean) =>
    on ? 'Saved. Calls are recorded from the next call on.' : 'Saved. Calls are no longer recorded.',
  player: 'Call recording',
  playerHint: 'Caller on the left channel, assistant on the right.',
  processing: 'The recording is being processed. Check back in a minute.',
  unavailable: 'The recording could not be loaded.',
  none: 'No recording was made of this call.',
  deleteButton: 'Delete recording',
  deleteConfirm: "Delete this call's recording? The transcript stays. This can't be undone.",
  deleted: 'The recording was deleted.',
  deleteFailed: 'The recording could not be deleted. Please try again.',
  stillRecording: 'This call is still being recorded. Delete it once the call has ended.',
} as const;
