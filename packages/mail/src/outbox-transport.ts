import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailMessage, MailTransport } from './mail-transport';

export interface OutboxMessage extends MailMessage {
  /** File name inside the outbox; names sort by the time the message was written. */
  file: string;
  sentAt: string;
}

let sequence = 0;

/** `20260102T030405123Z-000007-1a2b3c.json`: sortable by name, unique within and across processes. */
function fileName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  sequence = (sequence + 1) % 1_000_000;
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.json`;
}

/**
 * Writes each message as a JSON file into `dir`, for one-process mode without an SMTP server:
 * people read their links there, and end-to-end tests follow them.
 */
export function createOutboxTransport(dir: string): MailTransport {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const now = new Date();
      const name = fileName(now);
      const body = { ...message, sentAt: now.toISOString() };
      // Written under a temporary name first, so a reader never sees half a message.
      const partial = path.join(dir, `.${name}.partial`);
      await writeFile(partial, `${JSON.stringify(body, null, 2)}\n`);
      await rename(partial, path.join(dir, name));
    },
  };
}

/** Every message in the outbox, oldest first; an outbox that does not exist yet is empty. */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => /^\d{8}T\d{9}Z-.+\.json$/.test(name)).sort();
  return Promise.all(
    files.map(async (file) => {
      const stored = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as MailMessage & {
        sentAt: string;
      };
      return { ...stored, file };
    }),
  );
}
