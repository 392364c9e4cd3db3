import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { readTestSettings } from '@questa/config';
import type { Gradebook, Membership, TenantBankList } from '@questa/contracts';
import { createServerDatabase } from '@questa/db/testing';
import { signInOverHttp, startQuesta, type RunningServer } from '@questa/gateway/testing';
import { ensureWebBuild } from '@questa/web/build';
import { CHROMIUM_FLAGS, chromiumPath } from './browser';
import { BENCH_PASSWORD, percentile } from './live-room';
import { median } from './measure';
import { seedClasses, sweepStartedAt, type Seeded } from './classes-seed';

type Say = (line?: string) => void;

/** The issue's targets. */
const GRADEBOOK_P95_TARGET_MS = 150;
const RENDER_TARGET_MS = 1000;
const SWEEP_TARGET_S = 60;

const LEARNERS = 300;
const ASSIGNMENTS = 40;
const REMINDED = 10_000;
const GRADEBOOK_WARMUP = 5;
const GRADEBOOK_REQUESTS = 60;
const PAGE_LOADS = 5;
/**
 * The reminder sweep runs on the server's own timer; this long after the restart it first runs,
 * which leaves the control client time to measure requests before it.
 */
const SWEEP_INTERVAL_MS = 30_000;
/** The control client's pause between its requests. */
const CONTROL_PAUSE_MS = 20;
const SWEEP_DEADLINE_MS = 15 * 60_000;

const wallNow = () => performance.timeOrigin + performance.now();

interface Engine {
  label: string;
  databaseUrl: string | undefined;
}

/** A JSON call to Questa as the signed-in browser makes it; fails on anything but 2xx. */
async function call<T>(
  server: RunningServer,
  cookie: string,
  method: string,
  url: string,
  body?: unknown,
) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      cookie,
      accept: 'application/json',
      ...(method !== 'GET' && { 'x-questa-request': '1', origin: server.url }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

const teacherSignIn = (server: RunningServer) =>
  signInOverHttp(server.url, 'teacher@questa.test', BENCH_PASSWORD);

/**
 * The classes through the app, as a teacher makes them: the gradebook's class with its 40
 * assignments (each drawing and pinning its questions from the demo workspace's largest bank),
 * and the class whose assignment is due soon. Given before anyone joins, so nobody is told.
 */
async function giveClasses(server: RunningServer) {
  const cookie = await teacherSignIn(server);
  const session = await call<{ memberships: Membership[] }>(server, cookie, 'GET', '/api/session');
  const workspace = session.memberships.find((membership) => membership.role === 'teacher');
  if (!workspace) throw new Error('The demo teacher teaches in no workspace');
  const clientId = workspace.clientId;
  const { banks } = await call<TenantBankList>(
    server,
    cookie,
    'GET',
    `/qdb/api/v1/clients/${clientId}/banks?limit=100`,
  );
  const bank = banks
    .filter((entry) => entry.archivedAt === null)
    .sort((a, b) => b.questionCount - a.questionCount)[0];
  if (!bank) throw new Error('The demo workspace has no bank to assign from');
  const teaching = `/api/teaching/clients/${clientId}/classes`;
  const newClass = (name: string) =>
    call<{ id: string }>(server, cookie, 'POST', teaching, { name });
  const gradebookClass = await newClass('Year 9 geography (bench)');
  const reminderClass = await newClass('Whole school geography week (bench)');
  // Out of the reminder window while they are given; the seed moves them where they belong.
  const later = Date.now() + 3 * 86_400_000;
  const schedule = (index: number) => ({
    opensAt: new Date(later - 86_400_000).toISOString(),
    dueAt: new Date(later + index * 60_000).toISOString(),
  });
  const questionCount = Math.min(10, bank.questionCount);
  for (let index = 0; index < ASSIGNMENTS; index++) {
    const exam = index % 5 === 4;
    await call(server, cookie, 'POST', `${teaching}/${gradebookClass.id}/assignments`, {
      ...(exam ? { kind: 'exam', blueprintId: 'default' } : { kind: 'practice', questionCount }),
      title: `${exam ? 'Unit test' : 'Practice'} ${index + 1}`,
      bankId: bank.id,
      ...schedule(index),
    });
  }
  const reminded = await call<{ id: string }>(
    server,
    cookie,
    'POST',
    `${teaching}/${reminderClass.id}/assignments`,
    {
      kind: 'practice',
      title: 'Rivers of the world',
      bankId: bank.id,
      questionCount,
      ...schedule(0),
    },
  );
  return {
    clientId,
    bankTitle: bank.title,
    questionCount,
    gradebookClassId: gradebookClass.id,
    reminderClassId: reminderClass.id,
    reminderAssignmentId: reminded.id,
  };
}

interface Timings {
  p50: number;
  p95: number;
  max: number;
  count: number;
}
const timings = (values: number[]): Timings => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  max: Math.max(...values),
  count: values.length,
});

/** `GET` of the gradebook as the teacher, one request after another, after a warm-up. */
async function gradebookOverHttp(server: RunningServer, seeded: Seeded) {
  const cookie = await teacherSignIn(server);
  const url = `/api/teaching/clients/${seeded.clientId}/classes/${seeded.gradebookClassId}/gradebook`;
  let bytes = 0;
  const time = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}${url}`, {
      headers: { cookie, accept: 'application/json' },
    });
    const body = await response.text();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${body}`);
    bytes = body.length;
    return { ms, book: JSON.parse(body) as Gradebook };
  };
  const first = await time();
  const filled = first.book.learners.reduce(
    (sum, learner) => sum + learner.cells.filter((cell) => cell !== null).length,
    0,
  );
  if (first.book.learners.length !== LEARNERS || first.book.assignments.length !== ASSIGNMENTS) {
    throw new Error(
      `The gradebook shows ${first.book.learners.length} learners × ${first.book.assignments.length} assignments`,
    );
  }
  for (let index = 1; index < GRADEBOOK_WARMUP; index++) await time();
  const measured: number[] = [];
  for (let index = 0; index < GRADEBOOK_REQUESTS; index++) measured.push((await time()).ms);
  return { ...timings(measured), bytes, filled, cookie };
}

interface PageLoad {
  /** From navigation until the grid's first screenful is drawn and it counts every learner. */
  ms: number;
  /** When the gradebook's response had fully arrived, after navigation. */
  answered: number;
  /** Learner rows in the document then (the grid draws those in view and a few more). */
  drawnRows: number;
  /** From the jump to the grid's end until its last learner's row has been painted in view. */
  toEnd: number;
}

// Typed here by hand: the bench is compiled for Node, whose types have no DOM.
interface PageElement {
  parentElement: PageElement | null;
  scrollTop: number;
  scrollHeight: number;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { top: number; bottom: number; height: number };
  querySelector(selectors: string): PageElement | null;
  querySelectorAll(selectors: string): ArrayLike<PageElement>;
}
interface PageGlobals {
  document: PageElement;
  requestAnimationFrame(callback: () => void): number;
}

/*
 * The two functions below run in the page, as their source: no helper outside them, and no
 * named function inside them (tsx would wrap it in a helper the page does not have).
 */

/**
 * The grid's first screenful: the grid says it has every learner (`aria-rowcount`, the header
 * row included), its drawn rows start at the first learner, and reach its box's bottom edge (or
 * the last learner). Checked at every animation frame.
 */
function firstScreenful(rowCount: number): number | false {
  const { document } = globalThis as unknown as PageGlobals;
  const grid = document.querySelector('table.gradebook__table[role="grid"]');
  if (!grid || grid.getAttribute('aria-rowcount') !== String(rowCount)) return false;
  const rows = grid.querySelectorAll('tbody tr[aria-rowindex]');
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last || first.getAttribute('aria-rowindex') !== '2') return false;
  const box = grid.parentElement!.getBoundingClientRect();
  const bottom = last.getBoundingClientRect();
  const filled =
    bottom.height > 0 &&
    (bottom.bottom >= box.bottom || last.getAttribute('aria-rowindex') === String(rowCount));
  return filled ? rows.length : false;
}

/**
 * The jump to the end, as dragging the scroll bar to its foot does: the time until the animation
 * frame after the one in which the last learner's row is laid out inside the grid's box, that is
 * once that frame has been painted.
 */
async function scrollToEnd(rowCount: number): Promise<number> {
  const { document, requestAnimationFrame } = globalThis as unknown as PageGlobals;
  const grid = document.querySelector('table.gradebook__table[role="grid"]')!;
  const scroller = grid.parentElement!;
  const started = performance.now();
  scroller.scrollTop = scroller.scrollHeight;
  for (;;) {
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const rect = grid
      .querySelector(`tbody tr[aria-rowindex="${rowCount}"]`)
      ?.getBoundingClientRect();
    const box = scroller.getBoundingClientRect();
    if (rect && rect.height > 0 && rect.top >= box.top && rect.bottom <= box.bottom + 1) break;
  }
  await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  return performance.now() - started;
}

/**
 * The teacher's class page in Chromium, from navigation until the gradebook's first screenful is
 * drawn with all its learners counted, then the jump to its last learner: in a new browser
 * context each time (cold: nothing cached) and reloaded in one context (warm: the app's files
 * cached, the data asked for again).
 */
async function gradebookInBrowser(
  browser: Browser,
  server: RunningServer,
  seeded: Seeded,
  cookie: string,
  engineLabel: string,
) {
  const pageUrl = `${server.url}/classes/${seeded.gradebookClassId}?workspace=${seeded.clientId}`;
  const [name, ...rest] = cookie.split('=');
  const cookies = [{ name: name!, value: rest.join('='), url: server.url }];
  const rowCount = LEARNERS + 1;
  const load = async (page: Page): Promise<PageLoad> => {
    let answered = Number.NaN;
    const started = performance.now();
    const onFinished = (request: Request) => {
      if (new URL(request.url()).pathname.endsWith('/gradebook')) {
        answered = performance.now() - started;
      }
    };
    page.on('requestfinished', onFinished);
    await page.goto(pageUrl, { waitUntil: 'commit' });
    const drawn = await page.waitForFunction(firstScreenful, rowCount, {
      polling: 'raf',
      timeout: 60_000,
    });
    const ms = performance.now() - started;
    page.off('requestfinished', onFinished);
    const drawnRows = (await drawn.jsonValue()) as number;
    const toEnd = await page.evaluate(scrollToEnd, rowCount);
    return { ms, answered, drawnRows, toEnd };
  };
  /** The grid at its end, for a person to look at, when SCREENSHOTS names a folder. */
  const shoot = async (page: Page, label: string) => {
    const folder = readTestSettings().screenshotDir;
    if (!folder) return;
    const grid = page.locator('.gradebook');
    await grid.scrollIntoViewIfNeeded();
    await grid.screenshot({ path: path.join(folder, `gradebook-${label}.png`) });
  };
  const cold: PageLoad[] = [];
  for (let run = 0; run < PAGE_LOADS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(cookies);
    try {
      const page = await context.newPage();
      cold.push(await load(page));
      if (run === 0) await shoot(page, engineLabel);
    } finally {
      await context.close();
    }
  }
  const warm: PageLoad[] = [];
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies(cookies);
  try {
    const page = await context.newPage();
    await load(page);
    for (let run = 0; run < PAGE_LOADS; run++) warm.push(await load(page));
  } finally {
    await context.close();
  }
  return { cold, warm };
}

interface ControlRequest {
  path: string;
  at: number;
  ms: number;
  status: number;
}

/**
 * Ordinary requests of a signed-in learner, one after another with a short pause, until told to
 * stop; each kept with the wall-clock time it ended.
 */
function controlClient(server: RunningServer, cookie: string) {
  const requests: ControlRequest[] = [];
  let running = true;
  const paths = ['/api/session', '/api/todo'];
  const done = (async () => {
    for (let index = 0; running; index++) {
      const path = paths[index % paths.length]!;
      const started = performance.now();
      const response = await fetch(`${server.url}${path}`, {
        headers: { cookie, accept: 'application/json' },
      }).catch(() => undefined);
      await response?.arrayBuffer();
      requests.push({
        path,
        at: wallNow(),
        ms: performance.now() - started,
        status: response?.status ?? 0,
      });
      await new Promise((resolve) => setTimeout(resolve, CONTROL_PAUSE_MS));
    }
  })();
  return {
    requests,
    async stop() {
      running = false;
      await done;
    },
  };
}

const BENCH_MAIL = /^bench-remind-\d+@questa\.test$/;

/** Message files in the outbox; their names sort by the time they were written. */
async function outboxFiles(dataDir: string) {
  const names = await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.json'));
}

/**
 * The reminder sweep as the server runs it, on its own timer: Questa restarts with the sweep
 * due 30 s later; a control client makes requests before and during it; the clock stops when the
 * last of the 10,000 reminders is in the outbox (the transport of embedded defaults).
 */
async function reminderSweep(
  engine: Engine,
  dataDir: string,
  env: Record<string, string>,
  seeded: Seeded,
) {
  const before = new Set(await outboxFiles(dataDir));
  const server = await startQuesta({
    dataDir,
    keepDataDir: true,
    env: { ...env, REMINDER_SWEEP_INTERVAL_MS: String(SWEEP_INTERVAL_MS) },
  });
  let control: ReturnType<typeof controlClient> | undefined;
  const startedAt = wallNow();
  let timedOut = false;
  try {
    const cookie = await signInOverHttp(server.url, 'learner@questa.test', BENCH_PASSWORD);
    control = controlClient(server, cookie);
    for (;;) {
      const fresh = (await outboxFiles(dataDir)).filter((name) => !before.has(name));
      if (fresh.length >= REMINDED) break;
      if (wallNow() - startedAt > SWEEP_DEADLINE_MS) {
        timedOut = true;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // A second or two of requests after the sweep, to see them come back.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  } finally {
    await control?.stop();
    await server.stop();
  }
  const fresh = (await outboxFiles(dataDir)).filter((name) => !before.has(name));
  const mails = await Promise.all(
    fresh.map(async (name) => {
      const mail = JSON.parse(await readFile(path.join(dataDir, 'outbox', name), 'utf8')) as {
        to: string;
        subject: string;
        sentAt: string;
      };
      return mail;
    }),
  );
  const ours = mails.filter((mail) => BENCH_MAIL.test(mail.to));
  const recipients = new Set(ours.map((mail) => mail.to));
  const lastMailAt = Math.max(...ours.map((mail) => Date.parse(mail.sentAt)));
  const sweepStart = await sweepStartedAt(engine.databaseUrl, dataDir, seeded.reminderAssignmentId);
  const requests = control?.requests ?? [];
  const window = (from: number, to: number) =>
    requests.filter((request) => request.at >= from && request.at < to);
  const beforeSweep = window(0, sweepStart);
  const duringSweep = window(sweepStart, lastMailAt);
  const byPath = (list: ControlRequest[], path?: string) =>
    timings(list.filter((request) => !path || request.path === path).map((request) => request.ms));
  return {
    timedOut,
    mailed: ours.length,
    recipients: recipients.size,
    subject: ours[0]?.subject ?? '',
    seconds: (lastMailAt - sweepStart) / 1000,
    control: {
      before: {
        all: byPath(beforeSweep),
        session: byPath(beforeSweep, '/api/session'),
        todo: byPath(beforeSweep, '/api/todo'),
      },
      during: {
        all: byPath(duringSweep),
        session: byPath(duringSweep, '/api/session'),
        todo: byPath(duringSweep, '/api/todo'),
      },
      failed: requests.filter((request) => request.status !== 200).length,
      total: requests.length,
    },
  };
}

/**
 * `npm run bench -- classes`: the gradebook of a class of 300 learners × 40 assignments over
 * HTTP and in Chromium, and the "due tomorrow" reminders of an assignment given to 10,000
 * learners, with ordinary requests measured before and during the sweep. On embedded PGlite, and
 * on PostgreSQL when DATABASE_URL is set.
 */
export async function benchClasses(say: Say) {
  const adminUrl = readTestSettings().databaseUrl;
  const chromePath = chromiumPath();
  await ensureWebBuild();
  const browser = chromePath
    ? await chromium.launch({ executablePath: chromePath, args: CHROMIUM_FLAGS })
    : undefined;
  const engines: { label: string; postgres: boolean }[] = [
    { label: 'embedded PGlite', postgres: false },
    ...(adminUrl ? [{ label: 'PostgreSQL (DATABASE_URL)', postgres: true }] : []),
  ];
  say('### Classes: the gradebook and assignment reminders');
  say();
  try {
    for (const { label, postgres } of engines) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'questa-bench-classes-'));
      const database = postgres ? await createServerDatabase(adminUrl!) : undefined;
      const engine: Engine = { label, databaseUrl: database?.url };
      const env: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
      const loadBefore = loadavg()[0]!;
      try {
        console.log(`Classes (${label}): giving the classes their assignments…`);
        const first = await startQuesta({ dataDir, keepDataDir: true, env });
        let given: Awaited<ReturnType<typeof giveClasses>>;
        try {
          given = await giveClasses(first);
        } finally {
          await first.stop();
        }
        console.log(`Classes (${label}): seeding learners and submissions…`);
        const seedStarted = performance.now();
        const seeded = await seedClasses(engine.databaseUrl, dataDir, {
          ...given,
          learners: LEARNERS,
          reminded: REMINDED,
        });
        const seedSeconds = (performance.now() - seedStarted) / 1000;

        console.log(`Classes (${label}): the gradebook…`);
        const server = await startQuesta({ dataDir, keepDataDir: true, env });
        let api: Awaited<ReturnType<typeof gradebookOverHttp>>;
        let pages: Awaited<ReturnType<typeof gradebookInBrowser>> | undefined;
        try {
          api = await gradebookOverHttp(server, seeded);
          if (browser)
            pages = await gradebookInBrowser(
              browser,
              server,
              seeded,
              api.cookie,
              postgres ? 'postgres' : 'embedded',
            );
        } finally {
          await server.stop();
        }
        const loadMid = loadavg()[0]!;

        console.log(
          `Classes (${label}): the reminder sweep for ${REMINDED.toLocaleString('en')} learners…`,
        );
        const sweep = await reminderSweep(engine, dataDir, env, seeded);
        const load = {
          before: loadBefore,
          mid: loadMid,
          after: loadavg()[0]!,
          cores: cpus().length,
        };
        report(say, { engine: label, given, seeded, seedSeconds, api, pages, sweep, load });
      } finally {
        await rm(dataDir, { recursive: true, force: true });
        await database?.drop();
      }
    }
  } finally {
    await browser?.close();
  }
  if (!adminUrl) {
    say('PostgreSQL figures skipped: set DATABASE_URL to a PostgreSQL server to measure them.');
    say();
  }
}

const ms = (value: number) => `${Math.round(value)}`;

/** What the machine's other work was while a part ran, in words that fit its load. */
function machineLoad(load: { before: number; mid: number; after: number; cores: number }) {
  const range = `one-minute load average ${load.before.toFixed(1)} at the start of this part, ${load.mid.toFixed(1)} after the gradebook, ${load.after.toFixed(1)} at its end`;
  return Math.max(load.before, load.mid, load.after) < load.cores
    ? `The machine was otherwise quiet (${range}, on ${load.cores} cores).`
    : `The machine's ${load.cores} cores were shared with other work throughout (${range}): these are a busy machine's figures.`;
}
const met = (ok: boolean) => (ok ? 'met' : '**not met**');

function report(
  say: Say,
  figures: {
    engine: string;
    given: Awaited<ReturnType<typeof giveClasses>>;
    seeded: Seeded;
    seedSeconds: number;
    api: Timings & { bytes: number; filled: number };
    pages: Awaited<ReturnType<typeof gradebookInBrowser>> | undefined;
    sweep: Awaited<ReturnType<typeof reminderSweep>>;
    load: { before: number; mid: number; after: number; cores: number };
  },
) {
  const { api, pages, sweep, seeded, load } = figures;
  say(
    `**${figures.engine}**, one-process Questa (\`startQuesta\`, log level warn). ${machineLoad(load)}`,
  );
  say();
  say(
    `Seeded: the demo teacher (signed in at the embedded provider) created two classes in the demo workspace and gave the first ${ASSIGNMENTS} assignments over HTTP (${ASSIGNMENTS - ASSIGNMENTS / 5} practice sets of ${figures.given.questionCount} questions and ${ASSIGNMENTS / 5} exams by the built-in mock-exam blueprint, each pinning its questions from "${figures.given.bankTitle}"), and the second one practice set; then, with Questa stopped, one transaction (${figures.seedSeconds.toFixed(1)} s) wrote straight into the main API's own tables: ${LEARNERS} learners (\`users\`) in the first class and ${REMINDED.toLocaleString('en')} in the second (\`class_members\`), the ${ASSIGNMENTS} assignments spread three days apart over the past four months (a quarter allowing three attempts, a fifth with a 10 % late penalty), and ${seeded.submissions.toLocaleString('en')} \`submissions\` rows: about 8 % of cells never started and 7 % in progress, the rest completed with scores around each learner's own level, 12 % of started cells late, and 30 % of cells of the three-attempt assignments in two attempts; then \`analyze\` of those tables, as autovacuum would after such a load. The second class's assignment was moved to be due in 12 hours; nobody in it has started.`,
  );
  say();
  say(
    `Gradebook over HTTP: \`GET /api/teaching/clients/:clientId/classes/:classId/gradebook\` as the class's teacher, ${LEARNERS} learners × ${ASSIGNMENTS} assignments (${api.filled.toLocaleString('en')} cells filled, ${(api.bytes / 1024).toFixed(0)} KB of JSON), ${GRADEBOOK_WARMUP} warm-up requests then ${api.count} one after another: p50 ${ms(api.p50)} ms, p95 ${ms(api.p95)} ms, max ${ms(api.max)} ms.${figures.engine.startsWith('PostgreSQL') ? ` Target p95 under ${GRADEBOOK_P95_TARGET_MS} ms on PostgreSQL: ${met(api.p95 < GRADEBOOK_P95_TARGET_MS)}.` : ` (The ${GRADEBOOK_P95_TARGET_MS} ms target is PostgreSQL's; on PGlite it would be ${met(api.p95 < GRADEBOOK_P95_TARGET_MS)}.)`}`,
  );
  say();
  if (pages) {
    const medianOf = (list: PageLoad[], key: 'ms' | 'answered' | 'toEnd' | 'drawnRows') =>
      median(list.map((load) => load[key]));
    const loads = (list: PageLoad[], key: 'ms' | 'toEnd') =>
      list.map((load) => ms(load[key])).join(', ');
    const cold = medianOf(pages.cold, 'ms');
    const warm = medianOf(pages.warm, 'ms');
    const toEnd = median([...pages.cold, ...pages.warm].map((load) => load.toEnd));
    const drawn = [...pages.cold, ...pages.warm].map((load) => load.drawnRows);
    say(
      `Gradebook page in Chromium (headless, 1280 × 800, the teacher's session cookie): \`/classes/:classId\` from navigation until the gradebook grid reports all ${LEARNERS} learners (\`aria-rowcount\` ${LEARNERS + 1}, the header row included) and its first screenful is drawn: its drawn rows start at the first learner and reach the bottom edge of the grid's scrolling box (checked at every animation frame; the box may sit below the page's fold, as the 300th row did before). The grid draws the rows in its box and a few either side: ${Math.min(...drawn)}–${Math.max(...drawn)} of the ${LEARNERS} learner rows were in the document then. ${PAGE_LOADS} loads each: cold (a new browser context each time, nothing cached) median ${ms(cold)} ms (${loads(pages.cold, 'ms')}); warm (reloaded in one context, the app's files cached) median ${ms(warm)} ms (${loads(pages.warm, 'ms')}). The gradebook's response had fully arrived at a median ${ms(medianOf(pages.cold, 'answered'))} ms (cold) and ${ms(medianOf(pages.warm, 'answered'))} ms (warm) after navigation. Target under ${RENDER_TARGET_MS} ms: cold ${met(cold < RENDER_TARGET_MS)}, warm ${met(warm < RENDER_TARGET_MS)}.`,
    );
    say();
    say(
      `Then, on each of those pages, a jump to the grid's end (its box's \`scrollTop\` set to the bottom, as dragging the scroll bar to its foot does) until the animation frame after the one in which the ${LEARNERS}th learner's row is laid out inside the box, that is once it has been painted: median ${ms(toEnd)} ms (cold pages ${loads(pages.cold, 'toEnd')}; warm ${loads(pages.warm, 'toEnd')}).`,
    );
  } else {
    say('Gradebook page figures skipped: no Chromium.');
  }
  say();
  const row = (name: string, t: Timings) =>
    `| ${name} | ${t.count} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.max)} |`;
  say(
    `Reminders: Questa restarted with \`REMINDER_SWEEP_INTERVAL_MS=${SWEEP_INTERVAL_MS}\`, so its own timer runs the sweep ${SWEEP_INTERVAL_MS / 1000} s after the start, exactly as it runs every five minutes otherwise (claim, batches of 500 reminders and in-app notices in one statement each, then the mails one after another). Mail goes through the transport of embedded defaults, a JSON file per message in the data folder's outbox. The sweep is timed from its first batch statement (the earliest \`assignment_reminders.sent_at\`, read afterwards) to the moment the last of the ${REMINDED.toLocaleString('en')} learners' mails was handed to the transport (its \`sentAt\`): ${sweep.seconds.toFixed(1)} s, ${sweep.mailed.toLocaleString('en')} mails to ${sweep.recipients.toLocaleString('en')} different learners ("${sweep.subject}")${sweep.timedOut ? `, **stopped waiting after ${SWEEP_DEADLINE_MS / 60_000} min**` : ''}. Target within ${SWEEP_TARGET_S} s: ${met(!sweep.timedOut && sweep.recipients === REMINDED && sweep.seconds <= SWEEP_TARGET_S)}.`,
  );
  say();
  say(
    `Meanwhile a control client, the demo learner signed in, made ordinary requests one after another (\`GET /api/session\` and \`GET /api/todo\` in turn, ${CONTROL_PAUSE_MS} ms apart) from the restart on; ${sweep.control.failed} of ${sweep.control.total} did not answer 200.`,
  );
  say();
  say('| control requests | count | p50 ms | p95 ms | max ms |');
  say('| --- | ---: | ---: | ---: | ---: |');
  say(row('before the sweep, both', sweep.control.before.all));
  say(row('during the sweep, both', sweep.control.during.all));
  say(row('before, `GET /api/session`', sweep.control.before.session));
  say(row('during, `GET /api/session`', sweep.control.during.session));
  say(row('before, `GET /api/todo`', sweep.control.before.todo));
  say(row('during, `GET /api/todo`', sweep.control.during.todo));
  say();
}
