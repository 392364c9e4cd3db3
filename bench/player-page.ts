import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { startQuesta } from '@questa/gateway/testing';
import { ensureWebBuild } from '@questa/web/build';
import { chromiumPath } from './browser';
import { initialJavaScriptGzipBytes, pageJavaScript } from './bundle-size';
import { lighthousePerformance } from './lighthouse';

type Say = (line?: string) => void;

const JS_TARGET_KB = 100;
const LIGHTHOUSE_TARGET = 95;
/** A room's link as a phone opens it; no room needs to exist for the join screen. */
const ROOM_PATH = '/live/123456';

const { version: lighthouseVersion } = createRequire(import.meta.url)(
  'lighthouse/package.json',
) as { version: string };

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * The live player's page (live.html) as a phone opening a room's link sees it: the JavaScript it
 * loads before it can be used, and Lighthouse's mobile performance score.
 */
export async function benchPlayerPage(say: Say) {
  say("### The live player's page");
  say();
  const chromePath = chromiumPath();
  if (!chromePath) {
    say("Player's page figures skipped: no Chromium.");
    say();
    return;
  }
  const { distDir } = await ensureWebBuild();
  const built = await initialJavaScriptGzipBytes(distDir, 'live.html');
  const load = loadavg()[0] ?? 0;
  const questa = await startQuesta();
  try {
    const url = `${questa.url}${ROOM_PATH}`;
    // Nothing on this page waits for an API call before it can be used: every script it loads
    // until the network settles is needed (the split at the first API request stays empty).
    const loads = [
      { name: 'English browser', js: await pageJavaScript(url, { chromePath, locale: 'en-US' }) },
      { name: 'German browser', js: await pageJavaScript(url, { chromePath, locale: 'de-DE' }) },
    ];
    console.log("Lighthouse on the player's page, 3 runs…");
    const figures = await lighthousePerformance(url, { chromePath });

    say(
      `\`${ROOM_PATH}\` opened cold (new Chromium profile, empty cache, no player stored on the device: the join screen), against \`npm start\` with a fresh data folder; JavaScript measured gzip (level 6) from what Chromium downloaded until the network settled. Target: at most ${JS_TARGET_KB} KB. The machine's 1-minute load average when the part started: ${load.toFixed(1)} on ${cpus().length} cores.`,
    );
    say();
    say('| load | JavaScript KB gzip | files | target met | showed |');
    say('| --- | ---: | ---: | --- | --- |');
    say(
      `| live.html as built (entry and modulepreloads) | ${kb(built.bytes)} | ${built.files.length} | ${built.bytes / 1024 <= JS_TARGET_KB ? 'yes' : 'no'} | |`,
    );
    for (const { name, js } of loads) {
      const bytes = js.route.gzipBytes + js.later.gzipBytes;
      say(
        `| cold load, ${name} | ${kb(bytes)} | ${js.route.files.length + js.later.files.length} | ${bytes / 1024 <= JS_TARGET_KB ? 'yes' : 'no'} | "${js.title}", first heading "${js.heading}" |`,
      );
    }
    say();
    say(`Files of the English load: ${loads[0]!.js.route.files.join(', ')}.`);
    say();
    say(
      `Lighthouse ${lighthouseVersion} performance category on \`${ROOM_PATH}\`, default settings (mobile: Moto G Power emulation, simulated slow 4G and 4× CPU slowdown), median of 3 runs, each in a new headless Chromium. Target: at least ${LIGHTHOUSE_TARGET}.`,
    );
    say();
    say('| page | score | runs | FCP ms | LCP ms | TBT ms | CLS | target met |');
    say('| --- | ---: | --- | ---: | ---: | ---: | ---: | --- |');
    say(
      `| ${ROOM_PATH} (join screen) | ${figures.score} | ${figures.scores.join(', ')} | ${Math.round(figures.fcpMs)} | ${Math.round(figures.lcpMs)} | ${Math.round(figures.tbtMs)} | ${figures.cls.toFixed(3)} | ${figures.score >= LIGHTHOUSE_TARGET ? 'yes' : 'no'} |`,
    );
    say();
    if (figures.opportunities.length) {
      say(
        `Lighthouse's estimated savings: ${figures.opportunities
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
