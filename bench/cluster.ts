import { availableParallelism, loadavg } from 'node:os';
import type { LiveJoined, LiveRoomView } from '@questa/contracts';
import { readTestSettings } from '@questa/config';
import {
  clusterUnavailable,
  demoBankId,
  premiumLearners,
  startQuestaCluster,
  type QuestaCluster,
} from '@questa/gateway/testing';
import { emptyTallies, KINDS, startHttpLoad, type Kind, type Tallies } from './cluster-load';
import { processSeconds, startCpuMeter, type CoresUsed } from './cpu';
import { playerProcess } from './live-classroom';
import { wallNow } from './live-classroom-players';
import { inBatches, openBenchRoom, percentile, sendMessage, until } from './live-room';

type Say = (line?: string) => void;

/** Seconds of mixed load measured per configuration, after a warm-up that is not counted. */
const SECONDS = 25;
const WARM_UP_SECONDS = 4;
const CLIENTS = { catalog: 8, practice: 8, exam: 16 };
/** The live room: each player answers each question once, at a random moment of its timer. */
const TIMER_MS = 10_000;
const ANSWER_WITHIN = 0.9;
const PLAYER_PROCESSES = 2;
const LEARNERS = ['learner', 'author', 'teacher', 'admin'].map((name) => `${name}@questa.test`);

interface Configuration {
  apiProcesses: number;
  seconds: number;
  tallies: Tallies;
  /** From the host's command to a player receiving the open question. */
  delivery: number[];
  questions: number;
  /** Cores each process kept busy on average in the window, by name. */
  processes: { name: string; cores: number }[];
  cores: CoresUsed;
  load: { start: number; end: number };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A live room of `players` on the cluster, joined over HTTP and connected through HAProxy. */
async function openRoom(cluster: QuestaCluster, players: number) {
  const bench = await openBenchRoom({
    hostUrl: cluster.url,
    playerUrls: [cluster.url],
    origin: cluster.url,
    players: 0,
    questions: 10,
    timerSeconds: TIMER_MS / 1000,
  });
  const joined = await inBatches(players, 50, async (i) => {
    const response = await fetch(`${cluster.url}/api/rooms/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-questa-request': '1', origin: cluster.url },
      body: JSON.stringify({ code: bench.room.code, nickname: `Player ${i + 1}` }),
    });
    if (!response.ok) throw new Error(`join: ${response.status} ${await response.text()}`);
    return (await response.json()) as LiveJoined;
  });
  const seats = joined.map((player, index) => ({
    index,
    url: cluster.url,
    auth: { roomId: bench.room.id, playerToken: player.playerToken },
  }));
  const shares = Array.from({ length: PLAYER_PROCESSES }, (_, p) =>
    seats.filter((_, i) => i % PLAYER_PROCESSES === p),
  );
  const processes = shares.map(() => playerProcess());
  shares.forEach((share, p) =>
    processes[p]!.send({
      type: 'connect',
      kind: 'questa',
      path: '/api/live',
      origin: cluster.url,
      seats: share,
    }),
  );
  await Promise.all(processes.map((share) => share.next('connected', 300_000)));
  const reached = (state: LiveRoomView['state'], position: number) =>
    bench.hostViews.some((view) => view.state === state && view.position === position);
  return {
    pids: processes.map((share) => share.pid),
    /**
     * Plays questions until `deadline` (performance.now()): each is opened by the host, answered
     * by every player at a random moment within its timer, closed and followed by its leaderboard.
     */
    async play(deadline: number, tallies: () => Tallies, delivery: number[]) {
      let position = 0;
      while (performance.now() < deadline && position < bench.room.questionCount) {
        position++;
        for (const share of processes) {
          share.send({
            type: 'arm',
            position,
            storm: false,
            stormEvery: 1,
            timerMs: TIMER_MS,
            answerWithin: ANSWER_WITHIN,
          });
        }
        await Promise.all(processes.map((share) => share.next('armed')));
        const commandAt = wallNow();
        await sendMessage(bench.host, { type: position === 1 ? 'host.start' : 'host.next' });
        const played = await Promise.all(processes.map((share) => share.next('played')));
        const tally = tallies()['live answer'];
        for (const share of played) {
          delivery.push(...share.received.map((at) => at - commandAt));
          tally.latencies.push(...share.ack);
          const failed = share.timelyRefused + share.otherRefused + share.lost;
          tally.errors += failed;
          if (failed)
            tally.firstError ??= `question ${position}: ${failed} answers refused or lost`;
        }
        await until(() => reached('question_closed', position), `question ${position} to close`);
        await sendMessage(bench.host, { type: 'host.next' });
        await until(() => reached('leaderboard', position), `leaderboard ${position}`);
      }
      return position;
    },
    async close() {
      bench.close();
      await Promise.all(processes.map((share) => share.stop()));
    },
  };
}

/** Starts the cluster with `apiProcesses` main-API processes and runs the mixed load on it. */
async function runConfiguration(
  adminDatabaseUrl: string,
  apiProcesses: number,
  players: number,
): Promise<Configuration> {
  console.log(`Cluster: starting with ${apiProcesses} API process(es)…`);
  const cluster = await startQuestaCluster({
    adminDatabaseUrl,
    apiProcesses,
    env: { LOG_LEVEL: 'warn' },
  });
  let room: Awaited<ReturnType<typeof openRoom>> | undefined;
  let load: ReturnType<typeof startHttpLoad> | undefined;
  try {
    const cookies = await premiumLearners(cluster.url, LEARNERS);
    const bankId = await demoBankId(cluster.url);
    const catalog = (await (await fetch(`${cluster.url}/api/catalog/banks`)).json()) as {
      banks: { id: string }[];
    };
    const catalogPaths = [
      '/api/catalog/banks',
      '/api/catalog/banks?sort=title&page=1&pageSize=5',
      ...catalog.banks.map((bank) => `/api/catalog/banks/${bank.id}`),
    ];
    console.log(`Cluster: ${players} players joining the live room…`);
    room = await openRoom(cluster, players);

    let tallies: Tallies | undefined;
    load = startHttpLoad(
      { url: cluster.url, cookies, bankId, catalogPaths, clients: CLIENTS },
      () => tallies,
    );
    await wait(WARM_UP_SECONDS * 1000);

    console.log(`Cluster: measuring ${SECONDS} s of mixed load…`);
    const names = cluster.processes.map((running) => running.name).concat('haproxy');
    const pids = new Map(names.map((name) => [name, cluster.childOf(name)?.pid ?? 0]));
    room.pids.forEach((pid, i) => pids.set(`bench players ${i + 1}`, pid));
    const before = new Map([...pids].map(([name, pid]) => [name, processSeconds(pid)]));
    const cpu = startCpuMeter([...pids.values()]);
    const loadStart = loadavg()[0]!;
    const measured = emptyTallies();
    tallies = measured;
    const delivery: number[] = [];
    const started = performance.now();
    const questions = await room.play(started + SECONDS * 1000, () => measured, delivery);
    const seconds = (performance.now() - started) / 1000;
    tallies = undefined;
    const cores = cpu();
    const processes = [...pids].map(([name, pid]) => ({
      name,
      cores: (processSeconds(pid) - before.get(name)!) / seconds,
    }));
    if (cluster.unexpectedExits.length) {
      throw new Error(`Processes ended during the load: ${cluster.unexpectedExits.join(', ')}`);
    }
    return {
      apiProcesses,
      seconds,
      tallies: measured,
      delivery,
      questions,
      processes,
      cores,
      load: { start: loadStart, end: loadavg()[0]! },
    };
  } catch (error) {
    console.error(cluster.output().slice(-6000));
    throw error;
  } finally {
    await load?.stop();
    await room?.close();
    await cluster.stop();
  }
}

/**
 * The same mixed load through HAProxy on 1 and then 3 main-API processes, in one run: catalog
 * browsing, practice and exam answers over HTTP and a live room of `players` over WebSocket.
 */
export async function benchCluster(say: Say, options: { players: number }) {
  const { databaseUrl } = readTestSettings();
  const skipped = clusterUnavailable(databaseUrl);
  if (skipped) {
    say(`Mixed load on the cluster behind HAProxy skipped: ${skipped}.`);
    say();
    return;
  }
  const runs: Configuration[] = [];
  for (const apiProcesses of [1, 3]) {
    runs.push(await runConfiguration(databaseUrl!, apiProcesses, options.players));
  }
  report(say, runs, options.players);
}

const rate = (run: Configuration, kind: Kind) => run.tallies[kind].latencies.length / run.seconds;
const total = (run: Configuration) => KINDS.reduce((sum, kind) => sum + rate(run, kind), 0);
const plural = (count: number) => `${count} API process${count > 1 ? 'es' : ''}`;

function report(say: Say, runs: Configuration[], players: number) {
  const [one, three] = runs as [Configuration, Configuration];
  say(
    `### Mixed load through HAProxy: ${plural(one.apiProcesses)}, then ${plural(three.apiProcesses)}`,
  );
  say();
  say(
    `The cluster as \`npm run start:cluster\` runs it (HAProxy with deploy/haproxy.cfg; identity, question database, payments sandbox and web one process each; main API ${one.apiProcesses} then ${three.apiProcesses} processes, the servers HAProxy names beyond them DOWN), each configuration on a fresh database on PostgreSQL (${new URL(readTestSettings().databaseUrl!).host}) and Redis under a prefix of its own. The load, all through HAProxy and from this machine: ${CLIENTS.catalog} anonymous clients reading catalog pages (the list, a sorted page and each bank's page in turn); ${CLIENTS.practice} signed-in premium learners practising World Geography (answer, draw the next, a new session once the bank is done); ${CLIENTS.exam} signed-in premium learners in exams of the same bank (start, answer each question, start the next); each client sends its next request as soon as the last is answered (closed loop, 10 s limit per request). Alongside, a live room of ${players} players over WebSocket (in ${PLAYER_PROCESSES} bench processes), each answering each question once at a random moment in the first ${ANSWER_WITHIN * 100} % of its ${TIMER_MS / 1000} s timer; the host moves on when a question closes. ${WARM_UP_SECONDS} s warm-up, then questions are opened for ${SECONDS} s and the window ends when the last one closes. Errors are non-2xx answers, failed or timed-out requests and refused or lost live answers (target 0).`,
  );
  say();
  for (const run of runs) {
    say(
      `**${plural(run.apiProcesses)}**: ${run.seconds.toFixed(1)} s measured, ${run.questions} live questions; 1-minute load average ${run.load.start.toFixed(1)} at the start, ${run.load.end.toFixed(1)} at the end.`,
    );
    say();
    say('| kind | requests | requests/s | p50 ms | p99 ms | errors |');
    say('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const kind of KINDS) {
      const { latencies, errors } = run.tallies[kind];
      say(
        `| ${kind} | ${latencies.length.toLocaleString('en')} | ${rate(run, kind).toFixed(0)} | ${percentile(latencies, 50).toFixed(0)} | ${percentile(latencies, 99).toFixed(0)} | ${errors} |`,
      );
    }
    const all = KINDS.flatMap((kind) => run.tallies[kind].latencies);
    const errors = KINDS.reduce((sum, kind) => sum + run.tallies[kind].errors, 0);
    say(
      `| all | ${all.length.toLocaleString('en')} | ${total(run).toFixed(0)} | ${percentile(all, 50).toFixed(0)} | ${percentile(all, 99).toFixed(0)} | ${errors} |`,
    );
    say();
    const firstErrors = KINDS.map((kind) => run.tallies[kind].firstError).filter(Boolean);
    say(
      `Exam answers saved: ${rate(run, 'exam answer').toFixed(0)}/s. Live question delivered (host's command → player) p50 ${percentile(run.delivery, 50).toFixed(0)} ms, p99 ${percentile(run.delivery, 99).toFixed(0)} ms.${firstErrors.length ? ` First errors: ${firstErrors.join('; ')}.` : ''}`,
    );
    say();
    const busy = [...run.processes].sort((a, b) => b.cores - a.cores);
    say(
      `Where the CPU went (cores kept busy on average, from /proc): ${busy.map((process) => `${process.name} ${process.cores.toFixed(2)}`).join(', ')}; PostgreSQL ${run.cores.postgres.toFixed(2)}; this bench process (HTTP clients, host) ${run.cores.bench.toFixed(2)}; the rest of the machine ${run.cores.other.toFixed(2)}.`,
    );
    say();
  }
  say(`| kind | ${plural(one.apiProcesses)} req/s | ${plural(three.apiProcesses)} req/s | ratio |`);
  say('| --- | ---: | ---: | ---: |');
  for (const kind of KINDS) {
    say(
      `| ${kind} | ${rate(one, kind).toFixed(0)} | ${rate(three, kind).toFixed(0)} | ${(rate(three, kind) / rate(one, kind)).toFixed(2)} |`,
    );
  }
  say(
    `| all | ${total(one).toFixed(0)} | ${total(three).toFixed(0)} | ${(total(three) / total(one)).toFixed(2)} |`,
  );
  say();
  projection(say, one, three);
}

const coresOf = (run: Configuration, prefix: string) =>
  run.processes
    .filter((process) => process.name.startsWith(prefix))
    .reduce((sum, process) => sum + process.cores, 0);
/** Every core the machine kept busy in the window, whoever kept it busy. */
const machineCores = (run: Configuration) =>
  run.cores.api + run.cores.postgres + run.cores.bench + run.cores.other;

/**
 * What the runs say about a larger machine, on paper: the server side's CPU per request of the
 * mix, and the ceiling of each service that runs as one process.
 */
function projection(say: Say, one: Configuration, three: Configuration) {
  const requests = total(three);
  const msPerRequest = (cores: number) => (cores * 1000) / requests;
  const api = msPerRequest(coresOf(three, 'api-'));
  const server =
    api +
    msPerRequest(three.cores.postgres) +
    msPerRequest(coresOf(three, 'haproxy')) +
    msPerRequest(
      coresOf(three, 'identity') + coresOf(three, 'question-db') + coresOf(three, 'web'),
    );
  const single = ['question-db', 'identity']
    .map((name) => ({ name, ms: msPerRequest(coresOf(three, name)) }))
    .filter((service) => service.ms > 0);
  const cores = availableParallelism();
  say(
    `This machine has ${cores} cores, and the load generator, the ${PLAYER_PROCESSES} player processes, PostgreSQL and every Questa process share them: the machine kept ${machineCores(one).toFixed(2)} cores busy with ${plural(one.apiProcesses)} (which alone used ${coresOf(one, 'api-').toFixed(2)}) and ${machineCores(three).toFixed(2)} with ${plural(three.apiProcesses)} (together ${coresOf(three, 'api-').toFixed(2)}). More API processes cannot run on cores that are already busy, so on ${cores} cores the ratio is bounded by the cores, not by how Questa spreads work. On paper, from the ${plural(three.apiProcesses)} run: per request of the mix the API processes spent ${api.toFixed(2)} ms of CPU and the server side as a whole (API, PostgreSQL, HAProxy, identity, question database, web) ${server.toFixed(2)} ms, so a 16-core server given to Questa alone, with the load generated elsewhere, would carry about ${Math.round((16 * 1000) / server).toLocaleString('en')} requests/s of this mix, with about ${Math.max(1, Math.round((16 * api) / server))} of its cores in API processes. That holds only while nothing serialises: ${single.map((service) => `the one ${service.name} process (${service.ms.toFixed(3)} ms per request here, a ceiling near ${Math.round(1000 / service.ms).toLocaleString('en')} requests/s of this mix)`).join(' and ') || 'the single-process services'}, PostgreSQL's commits and the one Redis are the next limits to measure there.`,
  );
  say();
}
