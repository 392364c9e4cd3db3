// `tsx scripts/side-by-side.ts <name>=<npm script> …`: runs npm scripts at the same time, each
// line of their output prefixed with its name, and fails when any of them fails.
//
// `npm test` starts with it: lint (eslint, prettier, the API documents) and the three type checks
// are independent and each mostly one busy core, so on two cores they finish together in about
// the time of the longer one.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const jobs = process.argv.slice(2).map((argument) => {
  const [name, script] = argument.split('=');
  if (!name || !script) fail(`Expected <name>=<npm script>, got "${argument}".`);
  return { name, script };
});
if (jobs.length === 0) fail('Name at least one <name>=<npm script>.');

const width = Math.max(...jobs.map((job) => job.name.length));
const started = performance.now();

const results = await Promise.all(
  jobs.map(
    ({ name, script }) =>
      new Promise<{ name: string; code: number; seconds: number }>((resolve) => {
        const child = spawn('npm', ['run', '--silent', script], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const prefix = `[${name.padEnd(width)}] `;
        for (const stream of [child.stdout, child.stderr]) {
          createInterface({ input: stream }).on('line', (line) => {
            process.stdout.write(`${prefix}${line}\n`);
          });
        }
        child.on('close', (code, signal) => {
          resolve({
            name,
            code: code ?? (signal ? 1 : 0),
            seconds: (performance.now() - started) / 1000,
          });
        });
      }),
  ),
);

for (const { name, code, seconds } of results) {
  console.log(
    `${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} after ${seconds.toFixed(0)} s`,
  );
}
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
