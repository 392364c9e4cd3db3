import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Request } from 'playwright-core';
import { CHROMIUM_FLAGS } from './browser';

/**
 * Gzipped bytes of the JavaScript a first visit must load: the entry script and the chunks it
 * preloads, as named by the built page (`index.html`, or another page of the build such as
 * `live.html`). Lazily loaded route chunks are not counted.
 */
export async function initialJavaScriptGzipBytes(
  distDir: string,
  page = 'index.html',
): Promise<{ bytes: number; files: string[] }> {
  const html = await readFile(path.join(distDir, page), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((match) => match[1]!);
  let bytes = 0;
  for (const file of files) {
    bytes += gzipSync(await readFile(path.join(distDir, file.replace(/^\//, '')))).length;
  }
  return { bytes, files };
}

export interface ScriptSizes {
  gzipBytes: number;
  files: string[];
}

export interface PageJavaScript {
  /**
   * Scripts requested before the page's first API call: the entry chunk, what it preloads and
   * the lazy route chunks — what the page needs to show anything of its own.
   */
  route: ScriptSizes;
  /** Scripts requested after that, until the network went quiet: chunks the content called for. */
  later: ScriptSizes;
  /** What the page showed: its title and first heading, to tell a practice page from a fallback. */
  title: string;
  heading: string;
  finalUrl: string;
}

const sizes = (scripts: { file: string; bytes: number }[]): ScriptSizes => ({
  gzipBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
  files: scripts.map((script) => script.file),
});

/**
 * Loads `url` cold in Chromium (new profile, empty cache) and measures, gzipped, the JavaScript
 * it downloaded before it settled, split at the page's first API request.
 */
export async function pageJavaScript(
  url: string,
  options: { chromePath: string; cookie?: string; locale?: string },
): Promise<PageJavaScript> {
  const browser = await chromium.launch({
    executablePath: options.chromePath,
    args: CHROMIUM_FLAGS,
  });
  try {
    const context = await browser.newContext(options.locale ? { locale: options.locale } : {});
    if (options.cookie) {
      const [name = '', ...value] = options.cookie.split('=');
      await context.addCookies([
        { name, value: value.join('='), domain: new URL(url).hostname, path: '/' },
      ]);
    }
    const page = await context.newPage();
    const scripts: Promise<{ file: string; bytes: number; afterData: boolean }>[] = [];
    let dataRequested = false;
    const requestedAfterData = new WeakSet<Request>();
    page.on('request', (request) => {
      if (dataRequested) requestedAfterData.add(request);
      if (new URL(request.url()).pathname.startsWith('/api/')) dataRequested = true;
    });
    page.on('response', (response) => {
      const request = response.request();
      if (request.resourceType() !== 'script') return;
      const file = new URL(response.url()).pathname;
      const afterData = requestedAfterData.has(request);
      // A script of a page navigated away from has no body any more; it was still downloaded.
      scripts.push(
        response.body().then(
          (body) => ({ file, bytes: gzipSync(body).length, afterData }),
          () => ({ file: `${file} (size unknown)`, bytes: 0, afterData }),
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const loaded = await Promise.all(scripts);
    return {
      route: sizes(loaded.filter((script) => !script.afterData)),
      later: sizes(loaded.filter((script) => script.afterData)),
      title: await page.title(),
      heading: (
        (await page
          .locator('h1')
          .first()
          .textContent({ timeout: 2000 })
          .catch(() => '')) ?? ''
      ).trim(),
      finalUrl: page.url(),
    };
  } finally {
    await browser.close();
  }
}
