import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, a workspace folder, or Node itself. */
function owner(url: string): string {
  if (!url) return 'native (system calls, GC, runtime)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const workspace = /\/(apps|packages)\/([^/]+)\/src\/(.+)$/.exec(url);
  if (workspace) return `${workspace[1]}/${workspace[2]}/${workspace[3]}`;
  if (url.startsWith('node:')) return 'node internals';
  return url;
}

export interface ProfileShare {
  what: string;
  share: number;
}

/**
 * Self time of every V8 CPU profile in `dir`, by package or source file and by function, as
 * shares of the time the process was not idle.
 *
 * Every sample counts the same. A sample's time delta also holds the time the process waited for
 * a core: on a busy machine that lands on whatever ran when it was preempted, mostly a system call
 * that woke another process (a socket write), and made writev look like half of the CPU.
 */
export async function summarizeProfiles(dir: string, top = 12) {
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const deltas = [...profile.timeDeltas].sort((a, b) => a - b);
    const micros = deltas[Math.floor(deltas.length / 2)] ?? 0;
    profile.samples.forEach((id) => {
      const frame = nodes.get(id)!.callFrame;
      if (frame.functionName === '(idle)' || frame.functionName === '(program)') return;
      busy += micros;
      const where = owner(frame.url);
      byOwner.set(where, (byOwner.get(where) ?? 0) + micros);
      const name = frame.url
        ? `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`
        : `${frame.functionName || '(unnamed)'} (native)`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    });
  }
  const shares = (map: Map<string, number>): ProfileShare[] =>
    [...map]
      .map(([what, micros]) => ({ what, share: micros / Math.max(1, busy) }))
      .sort((a, b) => b.share - a.share)
      .slice(0, top);
  return { busySeconds: busy / 1e6, byOwner: shares(byOwner), byFunction: shares(byFunction) };
}
