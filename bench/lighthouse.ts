import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from './browser';
import { median } from './measure';

export interface LighthouseFigures {
  runs: number;
  /** Median performance score, 0–100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Where the page ended up, after any redirect (a sign-in page means the cookie was refused). */
  finalUrl: string;
  scores: number[];
  /** Lighthouse's estimated savings, from a run with the median score, largest first. */
  opportunities: Opportunity[];
}

export interface Opportunity {
  title: string;
  savingsMs: number;
  display: string;
}

/**
 * Lighthouse's performance category with its default settings — a mobile device on a throttled
 * connection, simulated — `runs` times, each in a new browser; the medians of each figure.
 */
export async function lighthousePerformance(
  url: string,
  options: { chromePath: string; cookie?: string; runs?: number },
): Promise<LighthouseFigures> {
  const runs = options.runs ?? 3;
  const results: {
    score: number;
    fcp: number;
    lcp: number;
    tbt: number;
    cls: number;
    finalUrl: string;
    opportunities: Opportunity[];
  }[] = [];
  for (let run = 0; run < runs; run++) {
    const chrome = await launch({ chromePath: options.chromePath, chromeFlags: CHROMIUM_FLAGS });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
        ...(options.cookie ? { extraHeaders: { Cookie: options.cookie } } : {}),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      results.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        finalUrl: lhr.finalDisplayedUrl,
        opportunities: Object.values(lhr.audits)
          .filter((audit) => audit.details?.type === 'opportunity' && (audit.score ?? 1) < 0.9)
          .map((audit) => ({
            title: audit.title,
            savingsMs: (audit.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0,
            display: audit.displayValue ?? '',
          }))
          .filter((opportunity) => opportunity.savingsMs > 0)
          .sort((a, b) => b.savingsMs - a.savingsMs),
      });
    } finally {
      chrome.kill();
    }
  }
  const of = (pick: (result: (typeof results)[number]) => number) => median(results.map(pick));
  const score = of((result) => result.score);
  return {
    runs,
    score,
    fcpMs: of((result) => result.fcp),
    lcpMs: of((result) => result.lcp),
    tbtMs: of((result) => result.tbt),
    cls: of((result) => result.cls),
    finalUrl: results.at(-1)!.finalUrl,
    scores: results.map((result) => result.score),
    opportunities: (results.find((result) => result.score === score) ?? results[0]!).opportunities,
  };
}
