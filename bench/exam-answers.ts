import { readTestSettings } from '@questa/config';
import { sql } from '@questa/db';
import { startLearningApi, TEST_ORIGIN } from '@questa/api/testing';
import { prepare, rotation, verify } from './answer-keys';
import {
  API_CONNECTIONS,
  measureHttp,
  measureService,
  startApiProcesses,
  type AnswerRun,
} from './answer-runs';
import { spread, type Spread } from './measure';
import { withApplicationName } from './wait-sampler';

export type { AnswerRun } from './answer-runs';

/** One setup measured in several interleaved rounds: each round's run, and their spread. */
export interface AnswerSeries {
  label: string;
  processes: number;
  runs: AnswerRun[];
  answersPerSecond: Spread;
  p50Ms: Spread;
  p99Ms: Spread;
  /** CPU the API processes spent per answer saved, in ms: what the neighbours' load moves least. */
  apiCpuMsPerAnswer: Spread;
  /** Cores the rest of the machine kept busy meanwhile. */
  otherCores: Spread;
  failed: number;
}

export interface ExamAnswerFigures {
  learners: number;
  questionsPerAttempt: number;
  poolSize: number;
  rounds: number;
  seconds: number;
  warmUpSeconds: number;
  /** The exam service's save alone, from this process, without HTTP or sessions. */
  service: AnswerRun;
  http: AnswerSeries[];
  /** One API process, new, with more learners than the rest: each session is rarely cached. */
  crowd: AnswerRun | undefined;
  /** One API process again, under a CPU profiler. */
  profiled: AnswerRun | undefined;
  verification: Awaited<ReturnType<typeof verify>>;
}

export interface ExamAnswerOptions {
  learners?: number;
  connections?: number;
  /** Measured seconds per setup and round. */
  seconds?: number;
  /** Load on each setup once, after its processes start and before the first round. */
  warmUpSeconds?: number;
  /** Rounds over every setup in turn (A B, A B, …). */
  rounds?: number;
  processCounts?: number[];
  /** Learners for one more run of one process, each answering less often; none without. */
  crowd?: number;
  /** Pool size of each API process; production's (openDatabase's default) when absent. */
  maxConnections?: number;
  /** Where to keep the CPU profile of an extra, profiled run of one API process; none without. */
  profileDir?: string;
}

const apiCpuMsPerAnswer = (run: AnswerRun) =>
  run.saved ? (run.cores.api * run.seconds * 1000) / run.saved : 0;

/**
 * Answers saved per second on PostgreSQL: many learners, each in an exam, their answers sent
 * over HTTP to one or more main API processes; each acknowledged only after its commit.
 */
export async function benchExamAnswers(
  options: ExamAnswerOptions = {},
): Promise<ExamAnswerFigures> {
  const learners = options.learners ?? 200;
  const load = { connections: options.connections ?? 100, seconds: options.seconds ?? 5 };
  const warmUpSeconds = options.warmUpSeconds ?? 5;
  const rounds = options.rounds ?? 5;
  const poolSize = options.maxConnections ?? 10;
  const kit = await startLearningApi();
  try {
    const keys = await prepare(kit, 0, learners);
    const questionsPerAttempt = keys.length / learners;
    const next = rotation(keys);
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
      kit.beside.database.kysely,
    );
    // The kit made a throwaway database on the server DATABASE_URL names; the API processes and
    // the service run open their own pools on it.
    const url = new URL(readTestSettings().databaseUrl!);
    url.pathname = `/${rows[0]!.name}`;

    const service = await measureService(url.toString(), kit.beside.url, next, {
      workers: load.connections,
      seconds: load.seconds * 2,
      maxConnections: poolSize,
    });

    const serviceToken = await kit.beside.issuer.signService(undefined, {
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    const start = (processes: number) =>
      startApiProcesses(processes, {
        databaseUrl: withApplicationName(url.toString(), API_CONNECTIONS),
        maxConnections: poolSize,
        questionDbUrl: kit.beside.url,
        serviceToken,
        publicUrl: TEST_ORIGIN,
      });
    const labelOf = (processes: number) => `${processes} API process${processes > 1 ? 'es' : ''}`;
    const stop = async (api: Awaited<ReturnType<typeof start>>) => {
      // Requests cut off when the load ended are still being saved; let them finish first.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await api.stop();
    };

    // Every setup's processes run side by side for the whole comparison, each warmed up once;
    // then the setups take turns, round after round. Measured once each right after its start,
    // a setup met a cold JIT and whatever the neighbours did in those seconds alone.
    const setups = [];
    try {
      for (const processes of options.processCounts ?? [1, 2]) {
        const api = await start(processes);
        setups.push({ processes, api, runs: [] as AnswerRun[] });
        await measureHttp(labelOf(processes), url.toString(), api, next, {
          ...load,
          seconds: warmUpSeconds,
          warmUpSeconds: 0,
        });
      }
      for (let round = 0; round < rounds; round++) {
        for (const setup of setups) {
          setup.runs.push(
            await measureHttp(labelOf(setup.processes), url.toString(), setup.api, next, {
              ...load,
              warmUpSeconds: 0,
            }),
          );
        }
      }
    } finally {
      await Promise.all(setups.map((setup) => stop(setup.api)));
    }
    const http: AnswerSeries[] = setups.map(({ processes, runs }) => ({
      label: labelOf(processes),
      processes,
      runs,
      answersPerSecond: spread(runs.map((run) => run.answersPerSecond)),
      p50Ms: spread(runs.map((run) => run.p50Ms)),
      p99Ms: spread(runs.map((run) => run.p99Ms)),
      apiCpuMsPerAnswer: spread(runs.map(apiCpuMsPerAnswer)),
      otherCores: spread(runs.map((run) => run.cores.other)),
      failed: runs.reduce((sum, run) => sum + run.failed, 0),
    }));

    const single = async (
      label: string,
      answers: typeof next,
      profileDir?: string,
    ): Promise<AnswerRun> => {
      const api = await start(1);
      try {
        const run = await measureHttp(label, url.toString(), api, answers, {
          ...load,
          seconds: load.seconds * 2,
          warmUpSeconds,
          profileDir,
        });
        return run;
      } finally {
        await stop(api);
      }
    };
    // A separate run, as profiling slows the process it watches.
    const profiled = options.profileDir
      ? await single(labelOf(1), next, options.profileDir)
      : undefined;
    // With more learners each one's session is found in the API's cache less often.
    let crowd: AnswerRun | undefined;
    if (options.crowd && options.crowd > learners) {
      keys.push(...(await prepare(kit, learners, options.crowd)));
      crowd = await single(
        `1 API process, ${options.crowd.toLocaleString('en')} learners`,
        rotation(keys),
      );
    }
    return {
      learners,
      questionsPerAttempt,
      poolSize,
      rounds,
      seconds: load.seconds,
      warmUpSeconds,
      service,
      http,
      crowd,
      profiled,
      verification: await verify(kit, keys),
    };
  } finally {
    await kit.close();
  }
}
