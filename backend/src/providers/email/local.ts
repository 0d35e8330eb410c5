import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { EmailMessage, EmailSender, StoredEmail } from './index';

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
      await writeFile(path.join(directory, `${id}.json`), JSON.stringify(stored, null, 2));
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
