import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScaledTimeout, readTestSettings } from '@questa/config';
import type { LiveRoomSummary } from '@questa/contracts';
import {
  clusterUnavailable,
  connectLive,
  liveRoomsOver,
  questaHttp,
  signInOverHttp,
  startQuestaCluster,
  until,
  type LiveClient,
  type QuestaCluster,
} from '../testing';
import { DRAIN_MS } from './plan';

const PASSWORD = 'practice-makes-perfect';
const { databaseUrl } = readTestSettings();
const skipped = clusterUnavailable(databaseUrl);
if (skipped) console.warn(`The cluster behind HAProxy (cluster.test.ts) is skipped: ${skipped}.`);

/**
 * `npm run start:cluster` for real: the plan's processes on a database and a Redis key prefix of
 * the run's own, HAProxy in front with deploy/haproxy.cfg, and browsers' traffic through it.
 */
describe.skipIf(skipped)('Questa as a cluster behind HAProxy', () => {
  let cluster: QuestaCluster;
  let call: ReturnType<typeof questaHttp>;
  const clients: LiveClient[] = [];

  /** A signed-in learner's session document through HAProxy, and which API process answered. */
  async function session(cookie: string) {
    const response = await fetch(`${cluster.url}/api/session`, { headers: { cookie } });
    const body = (await response.json()) as { user: { email?: string } | null };
    return { status: response.status, body, server: response.headers.get('x-questa-server') };
  }

  /** The API process holding the one open WebSocket, as HAProxy's stats count its sessions. */
  async function liveConnectionServer() {
    const csv = await fetch(`${cluster.statsUrl}/;csv`).then((response) => response.text());
    const [header = '', ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const holding = rows
      .map((row) => row.split(','))
      .filter(
        (cells) =>
          cells[columns.indexOf('pxname')] === 'api' &&
          cells[columns.indexOf('svname')]!.startsWith('api-') &&
          Number(cells[columns.indexOf('scur')]) > 0,
      )
      .map((cells) => cells[columns.indexOf('svname')]!);
    return holding.length === 1 ? holding[0] : undefined;
  }

  beforeAll(async () => {
    cluster = await startQuestaCluster({
      adminDatabaseUrl: databaseUrl!,
      env: { LOG_LEVEL: 'warn' },
    });
    call = questaHttp(cluster.url);
  }, loadScaledTimeout(300_000));

  afterAll(async () => {
    for (const client of clients) client.socket.disconnect();
    await cluster?.stop();
  }, 120_000);

  it('serves the catalog page and every readiness through HAProxy', async () => {
    const page = await fetch(`${cluster.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    const ready = await fetch(`${cluster.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('x-questa-server')).toMatch(/^api-[123]$/);
    const banks = await call<{ banks: unknown[] }>(undefined, 'GET', '/api/catalog/banks');
    expect(banks.body.banks.length).toBeGreaterThan(0);
    const states = await cluster.serverStates();
    for (const running of cluster.processes) expect(states[running.name], running.name).toBe('UP');
  });

  it('keeps a learner signed in whichever API process answers', async () => {
    const cookie = await signInOverHttp(cluster.url, 'learner@questa.test', PASSWORD);
    const servers = new Set<string>();
    for (let i = 0; i < 9; i++) {
      const answer = await session(cookie);
      expect(answer.status).toBe(200);
      expect(answer.body.user?.email).toBe('learner@questa.test');
      servers.add(answer.server!);
    }
    expect([...servers].sort()).toEqual(['api-1', 'api-2', 'api-3']);
  });

  it('keeps a live player in their room when the API process they are connected to stops', async () => {
    const host = await signInOverHttp(cluster.url, 'author@questa.test', PASSWORD);
    const catalog = await call<{ banks: { id: string; title: string }[] }>(
      undefined,
      'GET',
      '/api/catalog/banks',
    );
    const bankId = catalog.body.banks.find((bank) => bank.title === 'World Geography')!.id;
    const rooms = liveRoomsOver(call, host);
    const room: LiveRoomSummary = await rooms.open({ bankId, count: 2, timerSeconds: 60 });
    const joined = await rooms.join(room, 'Ana');
    const player = connectLive(cluster.url, {
      origin: cluster.url,
      auth: { roomId: room.id, playerToken: joined.playerToken },
      reconnect: true,
    });
    clients.push(player);
    await until(() => player.seen.you.length > 0, 'the player’s first view');

    const holder = await until(liveConnectionServer, 'the API process holding the WebSocket');
    const running = cluster.processes.find((candidate) => candidate.name === holder)!;
    const child = cluster.childOf(holder)!;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const viewsBefore = player.seen.you.length;
    child.kill('SIGTERM');

    // While it drains, the process says it is not ready (as soon as it has handled the signal,
    // which a busy machine delays), and HAProxy takes it out.
    await until(
      async () =>
        (await fetch(`http://127.0.0.1:${running.env.PORT}${running.readyPath}`)).status === 503,
      `${holder} to say it is not ready`,
      DRAIN_MS,
    );
    await until(
      async () => (await cluster.serverStates())[holder] === 'DOWN',
      `HAProxy to take ${holder} out`,
      DRAIN_MS,
    );

    // The connection drops when the port closes; the player comes back through HAProxy to
    // another process, in the same room under the same name.
    await until(() => !player.socket.connected, 'the stopping process’s connection to drop');
    await until(() => player.socket.connected, 'the player to reconnect');
    const again = await until(
      () => player.seen.you.length > viewsBefore && player.seen.you.at(-1),
      'the player’s view after reconnecting',
    );
    expect(again.nickname).toBe('Ana');
    expect(await liveConnectionServer()).not.toBe(holder);
    await exited;
    expect(cluster.unexpectedExits).toEqual([`${holder}: 0`]);
  }, 120_000);

  it('answers every request during a rolling restart of the three API processes', async () => {
    const cookie = await signInOverHttp(cluster.url, 'learner@questa.test', PASSWORD);
    const failures: string[] = [];
    let requests = 0;
    let restarting = true;
    const traffic = (async () => {
      while (restarting) {
        const [page, answer] = await Promise.all([
          fetch(`${cluster.url}/api/catalog/banks`).then((response) => response.status),
          session(cookie).catch((error: unknown) => ({ status: String(error), body: null })),
        ]);
        requests += 2;
        if (page !== 200) failures.push(`catalog: ${page}`);
        if (answer.status !== 200 || answer.body?.user?.email !== 'learner@questa.test') {
          failures.push(`session: ${answer.status}`);
        }
      }
    })();
    const pidsBefore = ['api-1', 'api-2', 'api-3'].map((name) => cluster.childOf(name)?.pid);
    try {
      await cluster.rollingRestart();
    } finally {
      restarting = false;
      await traffic;
    }
    const pidsAfter = ['api-1', 'api-2', 'api-3'].map((name) => cluster.childOf(name)?.pid);
    for (const [i, pid] of pidsAfter.entries()) {
      expect(pid).toBeDefined();
      expect(pid).not.toBe(pidsBefore[i]);
    }
    expect(requests).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  }, 240_000);
});
