import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  RecordingNotFoundError,
  RECORDING_SID_PATTERN,
  type CallRecordingsProvider,
} from '../../providers/call-recordings/port';

/**
 * The local telephony stand-in's recordings: one WAV file per recorded local call under `dir`
 * (LOCAL_RECORDINGS_DIR, `.local/recordings` by default), named by its recording sid as Twilio names
 * them. The local phone's calls write them (local-call.ts); the app reads and deletes them through the
 * same port as Twilio's (providers/call-recordings/port.ts).
 */
export function createLocalRecordings(dir: string) {
  const file = (sid: string) => {
    if (!RECORDING_SID_PATTERN.test(sid)) throw new RecordingNotFoundError(`Not a recording sid: ${sid}`);
    return path.join(dir, `${sid}.wav`);
  };
  const provider: CallRecordingsProvider & {
    save(sid: string, wav: Uint8Array): Promise<void>;
    exists(sid: string): Promise<boolean>;
  } = {
    name: 'local',
    async save(sid, wav) {
      await mkdir(dir, { recursive: true });
      await writeFile(file(sid), wav);
    },
    async exists(sid) {
      return readFile(file(sid)).then(
        () => true,
        () => false,
      );
    },
    async fetchAudio(sid) {
      try {
        return { audio: new Uint8Array(await readFile(file(sid))), mimeType: 'audio/wav' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          throw new RecordingNotFoundError(`No local recording ${sid}`);
        throw error;
      }
    },
    // As at Twilio, deleting what is gone already succeeds.
    async delete(sid) {
      await rm(file(sid), { force: true });
    },
  };
  return provider;
}
export type LocalRecordings = ReturnType<typeof createLocalRecordings>;
