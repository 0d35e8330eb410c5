import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { EmailMessage, EmailSender, StoredEmail } from '../../providers/email/port';

/**
 * The local mail provider: each message is a JSON file in an outbox folder that the local outbox page
 * lists. cognito-local's confirmation codes are written here too, so a person running `npm start` reads
 * them in the browser the way they would read a real inbox.
 */
export function createLocalOutbox(
  directory: string,
  now: () => Date = () => new Date(),
): EmailSender & {
  list(): Promise<StoredEmail[]>;
} {
  return {
    async send(message: EmailMessage) {
      await mkdir(directory, { recursive: true });
      const sentAt = now().toISOString();
      const id = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const stored: StoredEmail = { ...message, id, sentAt };
      // Written aside and renamed into place: a rename is atomic, so a parallel list() (the e2e suite
      // polls while the sign-up writes) never parses a half-written file.
      const partial = path.join(directory, `.${id}.partial`);
      await writeFile(partial, JSON.stringify(stored, null, 2));
      await rename(partial, path.join(directory, `${id}.json`));
      return { id };
    },
    async list() {
      let files: string[];
      try {
        files = (await readdir(directory)).filter((file) => file.endsWith('.json'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const messages = await Promise.all(
        files.map(
          async (file) => JSON.parse(await readFile(path.join(directory, file), 'utf8')) as StoredEmail,
        ),
      );
      return messages.sort((a, b) => b.sentAt.localeCompare(a.sentAt));
    },
  };
}
export type LocalOutbox = ReturnType<typeof createLocalOutbox>;
