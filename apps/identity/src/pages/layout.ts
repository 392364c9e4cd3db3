import type { FastifyReply } from 'fastify';
import type { AssetName, Assets } from './assets';
import type { Locale } from './messages';
import {
  html,
  pageHeaders as sharedPageHeaders,
  type HtmlValue,
  type SafeHtml,
} from '@questa/http-kit';

/** What every page needs to know about where it is served. */
export interface PageContext {
  assets: Assets;
  /** Questa's home page: the issuer's origin. */
  homeUrl: string;
}

export interface Page {
  title: string;
  body: SafeHtml;
  script?: AssetName;
  /** The language the page is written in; English unless said otherwise. */
  lang?: Locale;
}

/**
 * Pages carry no inline script or style, so the policy can forbid both; framing is refused so
 * the forms cannot be overlaid by another site.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'; object-src 'none'";

export function renderPage(context: PageContext, page: Page): string {
  const document = html`<html lang="${page.lang ?? 'en'}">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="color-scheme" content="light dark" />
      <meta name="referrer" content="no-referrer" />
      <title>${page.title} · Questa</title>
      <link rel="stylesheet" href="${context.assets.url('identity.css')}" />
      ${page.script && html`<script src="${context.assets.url(page.script)}" defer></script>`}
    </head>
    <body>
      <div class="shell">
        <header class="masthead">
          <a class="brand" href="${context.homeUrl}"
            ><span class="brand-mark" aria-hidden="true">Q</span>Questa</a
          >
        </header>
        <main class="card" id="main">${page.body}</main>
      </div>
    </body>
  </html>`;
  return `<!doctype html>\n${document.value}\n`;
}

/** Headers every hosted page is sent with. */
export const pageHeaders = sharedPageHeaders(CONTENT_SECURITY_POLICY);

export function sendPage(reply: FastifyReply, context: PageContext, status: number, page: Page) {
  return reply.code(status).headers(pageHeaders).send(renderPage(context, page));
}

export { field } from '@questa/http-kit';

export const hidden = (name: string, value: string) =>
  html`<input type="hidden" name="${name}" value="${value}" />`;

export function alert(message: HtmlValue, tone: 'error' | 'info' = 'error'): SafeHtml {
  return html`<div
    class="alert${tone === 'info' ? ' alert--info' : ''}"
    role="${tone === 'error' ? 'alert' : 'status'}"
  >
    ${message}
  </div>`;
}
