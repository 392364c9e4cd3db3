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
import { withApplicationName } from './wait-sampler';

export type { AnswerRun } from './answer-runs';

export interface ExamAnswerFigures {
  learners: number;
  questionsPerAttempt: number;
  poolSize: number;
  /** The exam service's save alone, from this process, without HTTP or sessions. */
  service: AnswerRun;
  http: AnswerRun[];
  /** One API process again, under a CPU profiler. */
  profiled: AnswerRun | undefined;
  verification: Awaited<ReturnType<typeof verify>>;
}

export interface ExamAnswerOptions {
  learners?: number;
  connections?: number;
  seconds?: number;
  warmUpSeconds?: number;
  processCounts?: number[];
  /** Learners for one more run of one process, each answering less often; none without. */
  crowd?: number;
  /** Pool size of each API process; production's (openDatabase's default) when absent. */
  maxConnections?: number;
  /** Where to keep the CPU profile of an extra, profiled run of one API process; none without. */
  profileDir?: string;
}

/**
 * Answers saved per second on PostgreSQL: many learners, each in an exam, their answers sent
 * over HTTP to one or more main API processes; each acknowledged only after its commit.
 */
export async function benchExamAnswers(
  options: ExamAnswerOptions = {},
): Promise<ExamAnswerFigures> {
  const learners = options.learners ?? 200;
  const load = {
    connections: options.connections ?? 100,
    seconds: options.seconds ?? 10,
    warmUpSeconds: options.warmUpSeconds ?? 3,
  };
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
      seconds: load.seconds,
      maxConnections: poolSize,
    });

    const serviceToken = await kit.beside.issuer.signService(undefined, {
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    const measure = async (
      processes: number,
      { answers = next, profileDir }: { answers?: typeof next; profileDir?: string } = {},
    ) => {
      const api = await startApiProcesses(processes, {
        databaseUrl: withApplicationName(url.toString(), API_CONNECTIONS),
        maxConnections: poolSize,
        questionDbUrl: kit.beside.url,
        serviceToken,
        publicUrl: TEST_ORIGIN,
      });
      try {
        const label = `${processes} API process${processes > 1 ? 'es' : ''}`;
        return await measureHttp(label, url.toString(), api, answers, { ...load, profileDir });
      } finally {
        // Requests cut off when the load ended are still being saved; let them finish first.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await api.stop();
      }
    };
    const http: AnswerRun[] = [];
    for (const processes of options.processCounts ?? [1, 2]) {
      const run = await measure(processes);
      const earlier = http.filter((other) => other.processes === processes).length;
      http.push(earlier ? { ...run, label: `${run.label}, again` } : run);
    }
    // A separate run, as profiling slows the process it watches.
    const profiled = options.profileDir
      ? await measure(1, { profileDir: options.profileDir })
      : undefined;
    // With more learners each one's session is found in the API's cache less often.
    if (options.crowd && options.crowd > learners) {
      keys.push(...(await prepare(kit, learners, options.crowd)));
      const run = await measure(1, { answers: rotation(keys) });
      http.push({ ...run, label: `${run.label}, ${options.crowd.toLocaleString('en')} learners` });
    }
    return {
      learners,
      questionsPerAttempt,
      poolSize,
      service,
      http,
      profiled,
      verification: await verify(kit, keys),
    };
  } finally {
    await kit.close();
  }
}
