import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readTestSettings } from '@questa/config';
import { startQuesta } from '@questa/gateway/testing';
import { chromiumPath } from './browser';
import { pageJavaScript } from './bundle-size';
import { benchExamAnswers, type AnswerRun } from './exam-answers';
import type { Spread } from './measure';
import { lighthousePerformance, type LighthouseFigures } from './lighthouse';
import { openPracticeSession } from './practice-session';

const ANSWERS_TARGET = 10_000;
/** Learners in the last answers run, where each one's session is rarely in the API's cache. */
const CROWD = 1000;
const LIGHTHOUSE_TARGET = 95;
const PRACTICE_JS_TARGET_KB = 120;

type Say = (line?: string) => void;

const { version: lighthouseVersion } = createRequire(import.meta.url)(
  'lighthouse/package.json',
) as {
  version: string;
};

const percent = (share: number) => `${Math.round(share * 100)}%`;
const cores = (value: number) => value.toFixed(2);

/** Exam answers saved per second over HTTP: `npm run bench -- answers` runs only this. */
export async function answersSection(say: Say) {
  const { databaseUrl } = readTestSettings();
  if (!databaseUrl) {
    say(
      'Exam answers saved per second skipped: set DATABASE_URL to a PostgreSQL server to measure them.',
    );
    say();
    return;
  }
  console.log('Exam answers: learners starting their exams, then the load…');
  const profileDir = await mkdtemp(path.join(tmpdir(), 'questa-bench-profile-'));
  try {
    const figures = await benchExamAnswers({ profileDir, crowd: CROWD });
    const range = (figure: Spread, digits = 0) =>
      `${figure.median.toFixed(digits)} (${figure.min.toFixed(digits)}–${figure.max.toFixed(digits)})`;
    say(
      `Exam answers saved on PostgreSQL (${new URL(databaseUrl).host}): ${figures.learners} premium learners (${CROWD.toLocaleString('en')} in the run that says so), each in an exam of ${figures.questionsPerAttempt} questions; every request \`PUT /api/exams/:attemptId/responses/:position\` of a new answer for the next (attempt, position), acknowledged after its commit. The main API runs in its own processes (as apps/api/src/server.ts builds it, pool of ${figures.poolSize} each) on loopback; autocannon with ${figures.http[0]?.runs[0]?.connections ?? 100} connections in the bench process. Every setup's processes start first and are warmed up for ${figures.warmUpSeconds} s; then ${figures.rounds} rounds of ${figures.seconds} s per setup, the setups taking turns (A B, A B, …); each figure is the median of the rounds with their range. The last two rows are single runs of new processes: more learners than sessions cached, and the exam service in the bench process without HTTP or sessions. Target: at least ${ANSWERS_TARGET.toLocaleString('en')} answers/s. API CPU per answer is the API processes' CPU time over the answers saved, which the rest of the machine's load ("other", in cores kept busy) moves far less than answers/s.`,
    );
    say();
    say(
      '| setup | answers/s | p50 ms | p99 ms | API CPU ms per answer | other cores | non-2xx or errors |',
    );
    say('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const series of figures.http) {
      say(
        `| ${series.label} | ${range(series.answersPerSecond)} | ${range(series.p50Ms)} | ${range(series.p99Ms)} | ${range(series.apiCpuMsPerAnswer, 3)} | ${range(series.otherCores, 2)} | ${series.failed} |`,
      );
    }
    const row = (run: AnswerRun) =>
      say(
        `| ${run.label} | ${Math.round(run.answersPerSecond)} | ${run.p50Ms.toFixed(0)} | ${run.p99Ms.toFixed(0)} | ${run.saved ? ((run.cores.api * run.seconds * 1000) / run.saved).toFixed(3) : '–'} | ${cores(run.cores.other)} | ${run.failed} |`,
      );
    if (figures.crowd) row(figures.crowd);
    row(figures.service);
    say();
    const runs = [
      ...figures.http.flatMap((series) => series.runs),
      ...(figures.crowd ? [figures.crowd] : []),
      figures.service,
    ];
    for (const run of runs.filter((r) => r.firstFailure)) {
      say(`First failure in "${run.label}": ${run.firstFailure}`);
      say();
    }
    const { verification } = figures;
    say(
      `Afterwards in the database: ${verification.rows.toLocaleString('en')} exam_responses rows; of the ${verification.acknowledged.toLocaleString('en')} (attempt, position) pairs acknowledged at least once, ${verification.matching.toLocaleString('en')} hold the newest answer acknowledged (or one sent after it that the end of the load cut off); rows for pairs never sent: ${verification.unexpected}.`,
    );
    say();
    const best = Math.max(...figures.http.map((series) => series.answersPerSecond.median));
    say(
      `Against the target: ${Math.round(best).toLocaleString('en')} answers/s, the best setup's median, ${best >= ANSWERS_TARGET ? 'met' : 'not met'} (${ANSWERS_TARGET.toLocaleString('en')}).`,
    );
    say();
    for (const run of [figures.http[0]?.runs[0], figures.service]) {
      if (!run) continue;
      say(
        `What the database connections were doing in "${run.label}" (sampled every 20 ms): ${run.waits.shares
          .slice(0, 5)
          .map((wait) => `${wait.what} ${percent(wait.share)}`)
          .join(
            ', ',
          )}. Idle means waiting for the application; LWLock:WALWrite and IO:WALSync mean waiting for the commit's log flush.`,
      );
      say();
    }
    const profile = figures.profiled?.profile;
    if (profile) {
      say(
        `Where one API process's CPU went (V8 profile of a separate ${Math.round(figures.profiled!.answersPerSecond)} answers/s run, self time): by package ${profile.byOwner
          .slice(0, 8)
          .map((entry) => `${entry.what} ${percent(entry.share)}`)
          .join(', ')}; by function ${profile.byFunction
          .slice(0, 6)
          .map((entry) => `${entry.what} ${percent(entry.share)}`)
          .join(', ')}.`,
      );
      say();
    }
  } finally {
    await rm(profileDir, { recursive: true, force: true });
  }
}

async function pagesSection(say: Say) {
  const chromePath = chromiumPath();
  if (!chromePath) {
    say('Practice page figures skipped: no Chromium.');
    say();
    return;
  }
  let questa;
  try {
    questa = await startQuesta();
  } catch (error) {
    // Another change may have left the web client unbuildable for a moment; say so and go on.
    say(`Practice page figures skipped: Questa did not start (${String(error).split('\n')[0]}).`);
    say();
    return;
  }
  try {
    const { cookie, path: practicePath } = await openPracticeSession(questa.url);
    const js = await pageJavaScript(`${questa.url}${practicePath}`, { chromePath, cookie });
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const met = js.route.gzipBytes / 1024 < PRACTICE_JS_TARGET_KB;
    say(
      `JavaScript of a cold load of \`/practice/:sessionId\` (demo learner signed in, Chromium, gzip-measured): ${kb(js.route.gzipBytes)} KB in ${js.route.files.length} files before the page's first API request (entry, preloads, route chunks); target under ${PRACTICE_JS_TARGET_KB} KB, ${met ? 'met' : 'not met'}. ${js.later.files.length ? `Then, until the network settled, ${kb(js.later.gzipBytes)} KB more for the question drawn (${js.later.files.join(', ')}).` : 'Nothing more until the network settled.'} The page showed "${js.title}" (first heading "${js.heading}"). Route files: ${js.route.files.join(', ')}.`,
    );
    say();

    console.log('Lighthouse, 3 runs per page…');
    const pages: { name: string; path: string; cookie?: string }[] = [
      { name: '/practice/:sessionId (signed in)', path: practicePath, cookie },
      { name: '/ (catalog, signed out)', path: '/' },
    ];
    const measured: { name: string; path: string; figures: LighthouseFigures }[] = [];
    for (const page of pages) {
      const figures = await lighthousePerformance(`${questa.url}${page.path}`, {
        chromePath,
        cookie: page.cookie,
      });
      measured.push({ ...page, figures });
    }
    say(
      `Lighthouse ${lighthouseVersion} performance category, default settings (mobile, simulated throttling), median of 3 runs, each in a new headless Chromium, against \`npm start\` with a fresh data folder. Target: at least ${LIGHTHOUSE_TARGET}.`,
    );
    say();
    say('| page | score | runs | FCP ms | LCP ms | TBT ms | CLS | target met |');
    say('| --- | ---: | --- | ---: | ---: | ---: | ---: | --- |');
    for (const { name, path: pagePath, figures } of measured) {
      // A redirect, to sign in for instance, would measure another page: say so.
      const landed = new URL(figures.finalUrl).pathname;
      const where = landed === pagePath ? '' : ` (ended at ${landed})`;
      say(
        `| ${name}${where} | ${figures.score} | ${figures.scores.join(', ')} | ${Math.round(figures.fcpMs)} | ${Math.round(figures.lcpMs)} | ${Math.round(figures.tbtMs)} | ${figures.cls.toFixed(3)} | ${figures.score >= LIGHTHOUSE_TARGET ? 'yes' : 'no'} |`,
      );
    }
    say();
    for (const { name, figures } of measured) {
      if (figures.opportunities.length === 0) continue;
      say(
        `Lighthouse's estimated savings for ${name}: ${figures.opportunities
          .slice(0, 4)
          .map(
            (o) => `${o.title} ${Math.round(o.savingsMs)} ms${o.display ? ` (${o.display})` : ''}`,
          )
          .join('; ')}.`,
      );
      say();
    }
  } finally {
    await questa.stop();
  }
}

/** Saving exam answers under load, and the practice page as a phone on a slow network sees it. */
export async function benchLearning(say: Say) {
  await answersSection(say);
  await pagesSection(say);
}
