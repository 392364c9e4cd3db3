import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { readTestSettings } from '@questa/config';

const settings = readTestSettings();

/**
 * Whether the browser tests can run here. Without Chromium they are skipped with a reason,
 * except under CI, where a missing browser is a failure.
 */
export const browserAvailable = existsSync(settings.chromiumPath);
if (!browserAvailable) {
  const message = `Chromium not found at ${settings.chromiumPath} (set CHROMIUM_PATH, or apt-get install chromium).`;
  if (settings.ci) throw new Error(`${message} CI requires the end-to-end tests to run.`);
  console.warn(`${message} Skipping the end-to-end tests.`);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: settings.chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page and returns every violation it finds, whatever its impact. */
export async function accessibilityViolations(page: Page): Promise<AxeViolation[]> {
  // Axe reads colours as painted: in the middle of a transition (a button easing into dark mode,
  // later on a busy machine) or of an animation that plays once (a live result card fading in)
  // it would judge a contrast no reader ever sees. Wait until none runs; endless ones never end.
  await page.waitForFunction(
    () =>
      !document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' &&
            (animation instanceof CSSTransition ||
              animation.effect?.getComputedTiming().iterations !== Infinity),
        ),
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target })),
    }));
  });
}

/** The serious and critical violations axe-core finds in the page. */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  return (await accessibilityViolations(page)).filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
}
