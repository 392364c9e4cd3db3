import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnQuesta, startQuesta } from './testing/start-questa';

const scratch = () => mkdtemp(path.join(tmpdir(), 'questa-start-'));

/** Every refused start prints one sentence naming the problem, exits 1, and shows no stack. */
async function refusedStart(env: Record<string, string>) {
  const run = spawnQuesta(env);
  const code = await run.exited;
  return { code, output: run.output() };
}

// Every case starts Questa as a process of its own, which on a machine busy with other work can
// take well over the suite's default 30 s; each still ends as soon as its condition holds.
describe('starting and stopping Questa', { timeout: 180_000 }, () => {
  it('names an invalid setting in one sentence and exits 1', async () => {
    const { code, output } = await refusedStart({
      PORT: 'eighty',
      QUESTA_DATA_DIR: await scratch(),
    });
    expect(code).toBe(1);
    expect(output).toContain(
      'Questa could not start: PORT must be a whole number from 1 to 65535 (got "eighty").',
    );
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('refuses a data folder holding somebody else’s files, and leaves them untouched', async () => {
    const dir = await scratch();
    await writeFile(path.join(dir, 'notes.txt'), 'keep me');
    const { code, output } = await refusedStart({
      PORT: String(await freePort()),
      QUESTA_DATA_DIR: dir,
    });
    expect(code).toBe(1);
    expect(output).toContain("already holds files that are not Questa's");
    expect(await readFile(path.join(dir, 'notes.txt'), 'utf8')).toBe('keep me');
  });

  it('explains a database that is down at start', async () => {
    const { code, output } = await refusedStart({
      PORT: String(await freePort()),
      QUESTA_DATA_DIR: await scratch(),
      DATABASE_URL: 'postgres://questa@127.0.0.1:1/questa',
    });
    expect(code).toBe(1);
    expect(output).toContain(
      'Cannot reach the PostgreSQL server named by DATABASE_URL (127.0.0.1:1): connection refused.',
    );
    expect(output).not.toMatch(/\n\s+at /);
  });

  describe('with a running server', () => {
    let blocker: Server | undefined;
    afterAll(() => blocker?.close());

    it('says so when the port is taken', async () => {
      const port = await freePort();
      blocker = createServer().listen(port);
      const { code, output } = await refusedStart({
        PORT: String(port),
        QUESTA_DATA_DIR: await scratch(),
      });
      expect(code).toBe(1);
      expect(output).toContain(`Port ${port} is already in use`);
    });

    // Two starts of the whole system: on a busy machine each may take a minute or more.
    it(
      'stops cleanly on SIGTERM and starts again on the same data without seeding twice',
      {
        timeout: 300_000,
      },
      async () => {
        const dataDir = await scratch();
        const first = await startQuesta({ dataDir, keepDataDir: true });
        expect(first.output()).toMatch(/Wrote \d+ demo questions on first start/);
        const before = await (await fetch(`${first.url}/api/catalog/banks`)).json();
        // Exit code 0: it stopped by itself, before stopChild's SIGKILL would have come.
        expect(await first.stop()).toBe(0);
        expect(existsSync(path.join(dataDir, 'questa.lock'))).toBe(false);

        const second = await startQuesta({ dataDir });
        expect(second.output()).not.toMatch(/Wrote \d+ demo questions/);
        const after = await (await fetch(`${second.url}/api/catalog/banks`)).json();
        expect(after).toEqual(before);

        // The client's scripts go out compressed, Brotli first, as the build wrote them.
        const page = await (await fetch(second.url)).text();
        const script = /src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
        expect(script).toBeDefined();
        const asset = await fetch(`${second.url}${script}`, {
          headers: { 'accept-encoding': 'br, gzip' },
        });
        expect(asset.headers.get('content-encoding')).toBe('br');
        expect(asset.headers.get('cache-control')).toContain('immutable');

        // The operator's view: the process's metrics, for a scraper on the machine only.
        expect((await fetch(`${second.url}/api/health/ready`)).status).toBe(200);
        const metrics = await (await fetch(`${second.url}/metrics`)).text();
        expect(metrics).toContain(
          'questa_http_request_duration_seconds_count{method="GET",route="/api/catalog/banks",status="200"} 1',
        );
        expect(metrics).toMatch(/questa_db_connections\{state="open"\} 1/);
        expect(metrics).toMatch(/questa_live_channel\{measure="connections"\} 0/);
        expect(metrics).toContain('questa_process_resident_memory_bytes');
        // The dashboard in the repository reads only metrics the process really has.
        const dashboard = await readFile(
          path.join(import.meta.dirname, '../../../deploy/grafana/questa-dashboard.json'),
          'utf8',
        );
        const charted = new Set(
          [...dashboard.matchAll(/questa_[a-z0-9_]+/g)].map(([name]) =>
            name.replace(/_(bucket|count|sum)$/, ''),
          ),
        );
        for (const name of charted) expect(metrics).toContain(`# TYPE ${name} `);
        const forwarded = await fetch(`${second.url}/metrics`, {
          headers: { 'x-forwarded-for': '203.0.113.9' },
        });
        expect(forwarded.status).toBe(401);
        expect(await second.stop()).toBe(0);
      },
    );
  });
});
