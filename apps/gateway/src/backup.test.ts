import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScaledTimeout } from '@questa/config';
import { png } from '@questa/question-db/testing';
import { questaHttp } from './testing/live-client';
import { signInOverHttp, signUpOverHttp } from './testing/sign-in-over-http';
import { spawnEntry, startQuesta, type RunningServer } from './testing/start-questa';

const scratch = () => mkdtemp(path.join(tmpdir(), 'questa-backup-'));
const account = {
  name: 'Rosa Backup',
  email: 'rosa@backup.test',
  password: 'kept in a safe place',
};
const question = (stem: string) => ({
  content: {
    stem,
    explanation: 'Kept by the backup.',
    topic: 'Backups',
    difficulty: 1,
    type: 'single_choice',
    options: [
      { id: 'a', text: 'Yes', correct: true },
      { id: 'b', text: 'No', correct: false },
    ],
  },
});

/** Runs one of the repository's scripts to its end, as `npm run <name> -- <args>` would. */
async function runScript(entry: string, args: string[], env: Record<string, string> = {}) {
  const run = spawnEntry(entry, env, [], args);
  const code = await run.exited;
  return { code, output: run.output() };
}

// Two starts of the whole system and a restore: on a busy machine each start may take a minute.
describe(
  'backing up and restoring an embedded Questa',
  { timeout: loadScaledTimeout(600_000) },
  () => {
    const servers: RunningServer[] = [];
    const folders: string[] = [];
    afterAll(async () => {
      for (const server of servers) await server.stop().catch(() => undefined);
      for (const folder of folders) await rm(folder, { recursive: true, force: true });
    });

    it('restores accounts, workspaces, questions, answers and media from a backup taken while it runs', async () => {
      const work = await scratch();
      folders.push(work);
      const dataDir = path.join(work, 'data');
      const first = await startQuesta({ dataDir, keepDataDir: true });
      servers.push(first);
      const call = questaHttp(first.url);

      await signUpOverHttp(first.url, path.join(dataDir, 'outbox'), account);
      const cookie = await signInOverHttp(first.url, account.email, account.password);

      const workspace = await call<{ id: string }>(cookie, 'POST', '/api/workspaces', {
        name: 'Backup biology',
        slug: 'backup-biology',
      });
      expect(workspace.status).toBe(201);
      const qdb = `/qdb/api/v1/clients/${workspace.body.id}`;
      const bank = await call<{ id: string }>(cookie, 'POST', `${qdb}/banks`, {
        slug: 'cells',
        title: 'Cells',
        visibility: 'public',
      });
      expect(bank.status).toBe(201);
      const written = await call<{ id: string; revision: number }>(
        cookie,
        'POST',
        `${qdb}/banks/${bank.body.id}/questions`,
        question('Is a backup kept?'),
      );
      expect(written.status).toBe(201);
      // Published, it puts the bank in the catalog, where the new account practises it. A
      // workspace of one needs no reviewer, so `submit` is refused and `publish` goes ahead.
      let revision = written.body.revision;
      for (const action of ['submit', 'publish']) {
        const moved = await call<{ revision: number }>(
          cookie,
          'POST',
          `${qdb}/questions/${written.body.id}/transitions`,
          { action, expectedRevision: revision },
        );
        if (moved.status === 200) revision = moved.body.revision;
        else expect(action).toBe('submit');
      }

      const image = Buffer.concat([png(37, 41), Buffer.from(`backup ${Date.now()}`)]);
      const uploaded = await fetch(`${first.url}${qdb}/media`, {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'image/png',
          'x-questa-request': '1',
          origin: first.url,
        },
        body: image,
      });
      expect(uploaded.status).toBe(201);
      const { sha256 } = (await uploaded.json()) as { sha256: string };

      type State = {
        session: { id: string };
        item: { id: string; question: { options: { id: string }[] } };
      };
      const state = (
        await call<State>(cookie, 'POST', '/api/practice/sessions', { bankId: bank.body.id })
      ).body;
      const sessionId = state.session.id;
      const answer = { type: 'single_choice', optionId: state.item.question.options[0]!.id };
      const answered = await call(
        cookie,
        'POST',
        `/api/practice/sessions/${sessionId}/items/${state.item.id}/answer`,
        { answer },
      );
      expect(answered.status).toBe(200);

      // Writes keep arriving while the backup is taken; each must still be answered, and the
      // restored copy may hold only questions whose creation was acknowledged.
      let writing = true;
      const acknowledged: string[] = [];
      const writer = (async () => {
        for (let n = 1; writing; n++) {
          const made = await call<{ id: string }>(
            cookie,
            'POST',
            `${qdb}/banks/${bank.body.id}/questions`,
            question(`Written during the backup, number ${n}?`),
          );
          expect(made.status).toBe(201);
          acknowledged.push(made.body.id);
        }
      })();
      const backupFile = path.join(work, 'questa.backup');
      const beforeBackup = acknowledged.length;
      const backup = await runScript('scripts/backup.ts', [backupFile], {
        QUESTA_DATA_DIR: dataDir,
      });
      writing = false;
      await writer;
      expect(backup.output).toContain('from the running Questa');
      expect(backup.code).toBe(0);
      expect(await first.stop()).toBe(0);
      // The channel's secret goes with the process; the next start makes a new one.
      expect(existsSync(path.join(dataDir, 'questa-control.json'))).toBe(false);

      const restoredDir = path.join(work, 'restored');
      const restore = await runScript('scripts/restore.ts', [backupFile, restoredDir]);
      expect(restore.output).toContain(`QUESTA_DATA_DIR=${restoredDir}`);
      expect(restore.code).toBe(0);
      const refused = await runScript('scripts/restore.ts', [backupFile, restoredDir]);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('is not empty');

      const second = await startQuesta({ dataDir: restoredDir });
      servers.push(second);
      const again = questaHttp(second.url);
      const signedIn = await signInOverHttp(second.url, account.email, account.password);
      const session = await again<{
        memberships: { clientId: string; clientName: string; role: string }[];
      }>(signedIn, 'GET', '/api/session');
      expect(session.body.memberships).toContainEqual(
        expect.objectContaining({
          clientId: workspace.body.id,
          clientName: 'Backup biology',
          role: 'owner',
        }),
      );
      expect((await again(signedIn, 'GET', `${qdb}/questions/${written.body.id}`)).status).toBe(
        200,
      );
      const restoredIds: string[] = [];
      for (let cursor: string | null = ''; cursor !== null;) {
        const page: {
          status: number;
          body: { questions: { id: string }[]; nextCursor: string | null };
        } = await again(
          signedIn,
          'GET',
          `${qdb}/questions?bankId=${bank.body.id}&limit=100${cursor && `&cursor=${cursor}`}`,
        );
        restoredIds.push(...page.body.questions.map(({ id }) => id));
        cursor = page.body.nextCursor;
      }
      expect(restoredIds).toContain(written.body.id);
      for (const id of restoredIds) expect([written.body.id, ...acknowledged]).toContain(id);
      for (const id of acknowledged.slice(0, beforeBackup)) expect(restoredIds).toContain(id);

      const practice = await again<State & { item: { answer: unknown; result: unknown } }>(
        signedIn,
        'GET',
        `/api/practice/sessions/${sessionId}`,
      );
      expect(practice.body.item.answer).toEqual(answer);
      expect(practice.body.item.result).not.toBeNull();

      const media = await fetch(`${second.url}/cdn/media/${sha256}`);
      expect(media.status).toBe(200);
      expect(Buffer.from(await media.arrayBuffer())).toEqual(image);
    });
  },
);
