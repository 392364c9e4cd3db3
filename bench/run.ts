import { fork } from 'node:child_process';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { cpus, totalmem, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, signInOverHttp, startQuesta } from '@questa/gateway/testing';
import { ensureWebBuild } from '@questa/web/build';
import { BENCH_RATE_LIMITS, passToChildProcesses, readTestSettings } from '@questa/config';
import { benchApiReference } from './api-reference';
import { benchBilling } from './billing';
import { benchClasses } from './classes';
import { benchCluster } from './cluster';
import { benchFormats } from './formats';
import { answersSection, benchLearning } from './learning';
import { benchPlayerPage } from './player-page';
import { benchLive, benchLiveBroadcast, benchLiveSpread } from './live';
import { benchLiveClassroom } from './live-classroom';
import { initialJavaScriptGzipBytes } from './bundle-size';
import { benchQuestionDb, QUESTION_DB_TOTAL } from './question-db';
import { measureInRounds, median, type RoundsResult, type Spread } from './measure';

const here = path.dirname(fileURLToPath(import.meta.url));
const lines: string[] = [];
const say = (line = '') => {
  console.log(line);
  lines.push(line);
};

// `npm run bench` runs every part; `npm run bench -- learning` (or `-- server`, `-- live`,
// `-- player`, `-- billing`, `-- classes`, `-- formats`, `-- docs`) only those named.
// `-- classroom` runs only the live classroom's swarm, the first part of `live`; `-- answers` only
// the exam answers, the first part of `learning`; `-- cluster` a mixed load through HAProxy on 1
// and 3 API processes (with DATABASE_URL and HAProxy); `-- qdb` only the question database's
// search, draw and import figures, part of `server`.
const known = [
  'server',
  'qdb',
  'learning',
  'live',
  'classroom',
  'player',
  'billing',
  'classes',
  'formats',
  'docs',
  'cluster',
  'answers',
] as const;
// A number sets the live room's size (`npm run bench -- live 300`), 2,000 players by default,
// 500 in the cluster's mixed load; with `qdb`, the question bank's (`npm run bench -- qdb 200000`),
// a million questions by default. `--keep` keeps the question bank's database on the PostgreSQL
// server for the next run with `--keep`, which measures it again instead of generating it
// (`npm run bench -- qdb 200000 --keep`; see `benchQuestionDb`).
const args = process.argv.slice(2);
const sizeArg = args.find((arg) => /^\d+$/.test(arg));
const livePlayers = Number(sizeArg ?? 2000);
const keepQuestionDb = args.includes('--keep');
const parts = new Set(args.filter((arg) => !/^\d+$/.test(arg) && arg !== '--keep'));
for (const part of parts) {
  if (!known.includes(part as (typeof known)[number])) {
    throw new Error(`Unknown bench part "${part}"; the parts are ${known.join(', ')}.`);
  }
}
// Every server the parts start inherits limits they never reach (decision 0042).
passToChildProcesses(BENCH_RATE_LIMITS);

/** Interleaved rounds per comparison: at least three, so a median and a range mean something. */
const ROUNDS = 5;
const SECONDS_PER_ROUND = 5;
/** Checkouts measured one after another, and the subscriptions whose renewals feed the webhooks. */
const BILLING_LEARNERS = 60;
const runs = (part: (typeof known)[number]) => parts.size === 0 || parts.has(part);

async function startRawServer() {
  const port = await freePort();
  const child = fork(path.join(here, 'raw-server.ts'), [String(port)], {
    execArgv: ['--import', 'tsx'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}

async function coldStarts(runs: number) {
  const firstStart: number[] = [];
  const restart: number[] = [];
  for (let run = 0; run < runs; run++) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'questa-bench-'));
    let started = performance.now();
    const fresh = await startQuesta({ dataDir, keepDataDir: true });
    firstStart.push(performance.now() - started);
    await fresh.stop();
    started = performance.now();
    const again = await startQuesta({ dataDir });
    restart.push(performance.now() - started);
    await again.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return { firstStart: median(firstStart), restart: median(restart) };
}

/** Requests per second on the gateway, cold starts, the client's first download, the question DB. */
async function benchServer() {
  const { distDir } = await ensureWebBuild();
  const bundle = await initialJavaScriptGzipBytes(distDir);
  const cold = await coldStarts(3);

  const raw = await startRawServer();
  const questa = await startQuesta();
  let results: RoundsResult[];
  try {
    const cookie = await signInOverHttp(
      questa.url,
      'learner@questa.test',
      'practice-makes-perfect',
    );
    results = await measureInRounds(
      [
        { name: 'raw node:http hello world', url: raw.url },
        { name: 'GET /api/health', url: `${questa.url}/api/health` },
        { name: 'GET /api/catalog/banks', url: `${questa.url}/api/catalog/banks` },
        {
          name: 'GET /api/session (signed in)',
          url: `${questa.url}/api/session`,
          headers: { cookie },
        },
      ],
      { rounds: ROUNDS, seconds: SECONDS_PER_ROUND },
    );
  } finally {
    raw.stop();
    await questa.stop();
  }

  const range = (figure: Spread, digits = 0) =>
    `${figure.median.toFixed(digits)} (${figure.min.toFixed(digits)}–${figure.max.toFixed(digits)})`;
  say(
    `One-process mode on embedded PGlite, log level warn; autocannon with 32 connections, 3 s warm-up and ${SECONDS_PER_ROUND} s measured per target and round, ${ROUNDS} rounds with the targets interleaved (A B C D, A B C D, …). Each figure is the median of the rounds, with their range; the ratio compares each target with raw node:http in the same round.`,
  );
  say();
  say(
    '| target | requests/s | p50 ms | p99 ms | ratio to raw node:http | errors or non-2xx (all rounds) |',
  );
  say('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const result of results) {
    say(
      `| ${result.name} | ${range(result.requestsPerSecond)} | ${range(result.p50Ms)} | ${range(result.p99Ms)} | ${range(result.ratio, 2)} | ${result.non2xx} |`,
    );
  }
  say();
  say(
    `Cold start to the first 200 on /api/health, client already built (median of 3): first start with a new data folder (migrations and demo content) ${Math.round(cold.firstStart)} ms; restart on existing data ${Math.round(cold.restart)} ms.`,
  );
  say();
  say(
    `Initial JavaScript of the web client: ${(bundle.bytes / 1024).toFixed(1)} KB gzip (${bundle.files.join(', ')}).`,
  );
  say();

  await questionDbFigures(QUESTION_DB_TOTAL);
}

async function questionDbFigures(total: number) {
  const settings = readTestSettings();
  if (settings.databaseUrl) {
    console.log(
      keepQuestionDb
        ? `Measuring a kept ${total.toLocaleString('en')}-question bank on PostgreSQL, generated first if missing…`
        : `Generating a ${total.toLocaleString('en')}-question bank on PostgreSQL; this takes a few minutes…`,
    );
    const figures = await benchQuestionDb(total, { keep: keepQuestionDb });
    const generated =
      figures.generateSeconds === null
        ? 'kept from an earlier run'
        : `generated in ${Math.round(figures.generateSeconds)} s`;
    say(
      `Question database on PostgreSQL (${new URL(settings.databaseUrl).host}), one bank of ${figures.questions.toLocaleString('en')} published questions, one in 50 with a passage in groups of 4 (${generated}); 100 sequential requests each after 5 warm-up ones, over HTTP on loopback:`,
    );
    say();
    say('| operation | matching questions | p50 ms | p95 ms |');
    say('| --- | ---: | ---: | ---: |');
    for (const row of figures.search) {
      say(
        `| search "${row.term}" (25 results) | ${row.matches.toLocaleString('en')} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} |`,
      );
    }
    say(
      `| draw of 50 by blueprint (3 rules, new seed each time) | | ${figures.draw.p50.toFixed(1)} | ${figures.draw.p95.toFixed(1)} |`,
    );
    say();
    say(
      `GIFT import of ${figures.giftImport.questions.toLocaleString('en')} questions into a new bank, upload to report (median of 3): ${Math.round(figures.giftImport.medianMs)} ms.`,
    );
    say();
  } else {
    say(
      'Question database figures skipped: set DATABASE_URL to a PostgreSQL server to measure them.',
    );
    say();
  }
}

const cpu = cpus();
say(`## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`);
say();
say(
  `Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}. Command: \`npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}\`${readTestSettings().databaseUrl ? ' with DATABASE_URL set' : ''}.`,
);
say();
if (runs('server')) await benchServer();
else if (parts.has('qdb')) await questionDbFigures(sizeArg ? Number(sizeArg) : QUESTION_DB_TOTAL);
if (runs('learning')) await benchLearning(say);
else if (parts.has('answers')) await answersSection(say);
if (runs('player')) await benchPlayerPage(say);
if (runs('formats')) await benchFormats(say);
if (runs('docs')) await benchApiReference(say, { rounds: ROUNDS });
if (runs('billing')) await benchBilling(say, { learners: BILLING_LEARNERS, rounds: ROUNDS });
if (runs('classes')) await benchClasses(say);
if (runs('live') || parts.has('classroom')) {
  await benchLiveClassroom(say, { players: livePlayers });
}
if (runs('live')) {
  await benchLive(say, { players: livePlayers, questions: 10 });
  await benchLiveBroadcast(say, { players: livePlayers, rounds: ROUNDS, changes: 20 });
  await benchLiveSpread(say, { players: livePlayers, questions: 10, processes: 3 });
}

if (runs('cluster')) await benchCluster(say, { players: Number(sizeArg ?? 500) });

await appendFile(path.join(here, 'RESULTS.md'), `${lines.join('\n')}\n`);
console.log('Appended to bench/RESULTS.md');
