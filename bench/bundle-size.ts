import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Gzipped bytes of the JavaScript a first visit must load: the entry script and the chunks it
 * preloads, as named by the built `index.html`. Lazily loaded route chunks are not counted.
 */
export async function initialJavaScriptGzipBytes(
  distDir: string,
): Promise<{ bytes: number; files: string[] }> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
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
