import { readdirSync, readFileSync } from 'node:fs';

// Linux reports process times in clock ticks; USER_HZ is 100 on every mainstream kernel build.
const TICKS_PER_SECOND = 100;

/** CPU seconds (user and system) the process `pid` has used so far; 0 once it is gone. */
export function processSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces, start at state (field 3).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime + stime
  } catch {
    return 0; // gone, or not Linux
  }
}

function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(+entry);
    } catch {
      // exited while listed
    }
  }
  return pids;
}

/** CPU seconds every core of the machine spent busy (not idle, not waiting for I/O). */
function machineBusySeconds(): number {
  try {
    const [cpu = ''] = readFileSync('/proc/stat', 'utf8').split('\n');
    const [user, nice, system, , , irq, softirq, steal] = cpu.split(/\s+/).slice(1).map(Number);
    return (user! + nice! + system! + irq! + softirq! + steal!) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export interface CoresUsed {
  /** The processes under test. */
  api: number;
  /** Every local PostgreSQL backend and helper. */
  postgres: number;
  /** This process: the load generator and whatever else it hosts. */
  bench: number;
  /** Everything else on the machine at the same time: other work competing for the cores. */
  other: number;
}

/**
 * Starts counting CPU time; the returned function tells how many cores each side kept busy on
 * average since. PostgreSQL backends started in between count from zero.
 */
export function startCpuMeter(apiPids: number[]): () => CoresUsed {
  const started = performance.now();
  const bench = process.cpuUsage();
  const machine = machineBusySeconds();
  const api = apiPids.reduce((sum, pid) => sum + processSeconds(pid), 0);
  const before = new Map(postgresPids().map((pid) => [pid, processSeconds(pid)]));
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const usage = process.cpuUsage(bench);
    const apiNow = apiPids.reduce((sum, pid) => sum + processSeconds(pid), 0);
    let postgres = 0;
    for (const pid of postgresPids()) postgres += processSeconds(pid) - (before.get(pid) ?? 0);
    const cores = {
      api: (apiNow - api) / seconds,
      postgres: postgres / seconds,
      bench: (usage.user + usage.system) / 1e6 / seconds,
    };
    const busy = (machineBusySeconds() - machine) / seconds;
    return { ...cores, other: Math.max(0, busy - cores.api - cores.postgres - cores.bench) };
  };
}
