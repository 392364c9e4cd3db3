import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Recovery {
  /** What was taken away, e.g. `PostgreSQL stopped for 10 s`. */
  fault: string;
  /** What had to work again, e.g. `exam answers and the catalog`. */
  measured: string;
  /** From the part's return until it worked again; null when it never stopped working. */
  recoveryMs: number | null;
  /** Anything else worth copying into bench/RESULTS.md, e.g. the 503s answered meanwhile. */
  notes?: string;
}

/** Where every fault test adds its rows, so one run's figures can be read together. */
export const RECOVERY_FILE = path.join(tmpdir(), 'questa-fault-recovery.json');

/**
 * Prints the fault tests' recovery times as a table and keeps them in `RECOVERY_FILE` (rows of
 * the same fault from an earlier run are replaced), printing its path.
 */
export async function reportRecoveries(rows: Recovery[]) {
  let kept: Recovery[] = [];
  try {
    kept = JSON.parse(await readFile(RECOVERY_FILE, 'utf8')) as Recovery[];
  } catch {
    // No earlier run, or one whose file is unreadable: start afresh.
  }
  const faults = new Set(rows.map((row) => `${row.fault}|${row.measured}`));
  const all = [...kept.filter((row) => !faults.has(`${row.fault}|${row.measured}`)), ...rows];
  await writeFile(RECOVERY_FILE, `${JSON.stringify(all, null, 2)}\n`);
  const lines = rows.map(
    (row) =>
      `| ${row.fault} | ${row.measured} | ${row.recoveryMs === null ? 'kept working' : `${(row.recoveryMs / 1000).toFixed(2)} s`} | ${row.notes ?? ''} |`,
  );
  console.log(
    [
      '| Fault | Works again | Recovery | Notes |',
      '| --- | --- | --- | --- |',
      ...lines,
      `(written to ${RECOVERY_FILE})`,
    ].join('\n'),
  );
}
