import { existsSync } from 'node:fs';
import { readTestSettings } from '@questa/config';

/** Headless Chromium as the end-to-end tests start it: quiet, with no background traffic. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Chromium binary, or undefined (with the reason printed) when there is none. */
export function chromiumPath(): string | undefined {
  const { chromiumPath } = readTestSettings();
  if (existsSync(chromiumPath)) return chromiumPath;
  console.warn(`Chromium not found at ${chromiumPath} (set CHROMIUM_PATH).`);
  return undefined;
}
