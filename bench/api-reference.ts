import { cpus, loadavg } from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import { startQuesta } from '@questa/gateway/testing';
import { CHROMIUM_FLAGS, chromiumPath } from './browser';
import { median } from './measure';

type Say = (line?: string) => void;

/** The reference pages' promise: loaded in under 2 s on a busy machine. */
const TARGET_MS = 2000;
const PAGES = ['/api/docs', '/qdb/api/v1/docs'] as const;
/** No load may hang the bench: a page that is not loaded by then is a failure, not a figure. */
const LOAD_TIMEOUT_MS = 30_000;

interface Load {
  /** From the navigation's start to the end of its load event. */
  ms: number;
  /** Bytes over the wire for the page and everything it loaded (same origin, so all reported). */
  bytes: number;
  requests: number;
}

/**
 * One load in a new browser context: an empty cache and no cookies, as a first visit. With
 * `reload`, the page is loaded again in the same context, so what it caches is measured too.
 */
async function load(browser: Browser, url: string, reload: boolean): Promise<Load> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
    if (reload) await page.reload({ waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    // The performance timeline is the browser's own account of the load, free of the driver's
    // round trips; transferSize is 0 for what came from the cache.
    return await page.evaluate(() => {
      // Typed here by hand: the bench is compiled for Node, whose types have no DOM timings.
      interface Timing {
        startTime: number;
        loadEventEnd?: number;
        transferSize: number;
      }
      const timeline = performance as unknown as { getEntriesByType(type: string): Timing[] };
      const [navigation] = timeline.getEntriesByType('navigation');
      const entries = [
        ...(navigation ? [navigation] : []),
        ...timeline.getEntriesByType('resource'),
      ];
      return {
        ms: navigation?.loadEventEnd ? navigation.loadEventEnd - navigation.startTime : Number.NaN,
        bytes: entries.reduce((sum, entry) => sum + entry.transferSize, 0),
        requests: entries.length,
      };
    });
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * Both API reference pages opened cold in headless Chromium against a started Questa, several
 * times with the pages interleaved, and once more reloaded to show what the cache saves.
 */
export async function benchApiReference(say: Say, { rounds }: { rounds: number }) {
  say('### API reference pages');
  say();
  const executablePath = chromiumPath();
  if (!executablePath) {
    say('API reference figures skipped: no Chromium.');
    say();
    return;
  }
  const load1 = loadavg()[0] ?? 0;
  const questa = await startQuesta();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  const cold = new Map<string, Load[]>(PAGES.map((page) => [page, []]));
  const warm = new Map<string, Load[]>(PAGES.map((page) => [page, []]));
  try {
    for (let round = 0; round < rounds; round++) {
      for (const page of PAGES) {
        cold.get(page)?.push(await load(browser, `${questa.url}${page}`, false));
        warm.get(page)?.push(await load(browser, `${questa.url}${page}`, true));
      }
    }
  } finally {
    await browser.close();
    await questa.stop();
  }
  const load2 = loadavg()[0] ?? 0;

  say(
    `Each page opened ${rounds} times cold (a new browser context: empty cache, no cookies) in headless Chromium against \`npm start\` with a fresh data folder, the two pages interleaved, and as often reloaded in the context that loaded it. Load time: from the navigation's start to the end of its load event, as the browser's performance timeline records it. Bytes: transferred over the wire for the page and everything it loaded. Target: every cold load under ${TARGET_MS / 1000} s. The machine's 1-minute load average: ${load1.toFixed(1)} when the part started, ${load2.toFixed(1)} when it ended, on ${cpus().length} cores.`,
  );
  say();
  say(
    '| page | cold loads | median ms | max ms | target met | KB transferred | requests | reload median ms | reload KB |',
  );
  say('| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |');
  for (const page of PAGES) {
    const loads = cold.get(page) ?? [];
    const reloads = warm.get(page) ?? [];
    const times = loads.map((l) => l.ms);
    const max = Math.max(...times);
    say(
      `| \`${page}\` | ${loads.length} | ${Math.round(median(times))} | ${Math.round(max)} | ${max < TARGET_MS ? 'yes' : 'no'} | ${kb(median(loads.map((l) => l.bytes)))} | ${median(loads.map((l) => l.requests))} | ${Math.round(median(reloads.map((l) => l.ms)))} | ${kb(median(reloads.map((l) => l.bytes)))} |`,
    );
  }
  say();
}
