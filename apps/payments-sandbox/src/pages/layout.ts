import type { FastifyReply } from 'fastify';
import {
  html,
  pageHeaders as sharedPageHeaders,
  type HtmlValue,
  type SafeHtml,
} from '@questa/http-kit';
import { catalogue, said, type Messages } from './messages';

export interface PageContext {
  stylesheetUrl: string;
  /** The merchant whose pages these are, e.g. Questa. */
  accountName: string;
}

export interface Page {
  title: string;
  body: SafeHtml;
  /** A wider layout with a summary beside the form (checkout). */
  wide?: boolean;
  /** The page's words; English when not given (the invoice pages). */
  t?: Messages;
}

/**
 * No script and no inline style, so the policy forbids both; framing is refused so a payment
 * form cannot be overlaid by another site.
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'; object-src 'none'";

export function renderPage(context: PageContext, page: Page): string {
  const t = page.t ?? catalogue.en;
  const document = html`<html lang="${t.lang}">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="referrer" content="no-referrer" />
      <meta name="robots" content="noindex" />
      <title>${page.title} · ${context.accountName} · ${t.layout.titleSuffix}</title>
      <link rel="stylesheet" href="${context.stylesheetUrl}" />
    </head>
    <body>
      <p class="sandbox-banner" role="note">
        <strong>${t.layout.banner}</strong> ${t.layout.bannerRest}
      </p>
      <header class="merchant">
        <span class="merchant-mark" aria-hidden="true">${context.accountName.slice(0, 1)}</span>
        <span class="merchant-name">${context.accountName}</span>
      </header>
      <main id="main" class="${page.wide ? 'sheet sheet--wide' : 'sheet'}">${page.body}</main>
      <footer class="footer">${t.layout.footer}</footer>
    </body>
  </html>`;
  return `<!doctype html>\n${document.value}\n`;
}

const pageHeaders = sharedPageHeaders(CONTENT_SECURITY_POLICY);

export function sendPage(reply: FastifyReply, context: PageContext, status: number, page: Page) {
  return reply.code(status).headers(pageHeaders).send(renderPage(context, page));
}

export { field } from '@questa/http-kit';

/** A list of what to fix, at the top of a form, linking to each field. */
export function errorSummary(
  errors: Record<string, string | undefined>,
  extra?: string,
  t: Messages = catalogue.en,
): SafeHtml {
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => !!entry[1]);
  if (entries.length === 0 && !extra) return html``;
  return html`<div class="alert alert--error" role="alert" tabindex="-1" id="problems">
    <p class="alert-title"><strong>${extra ? said(t, extra) : t.layout.checkForm}</strong></p>
    ${
      entries.length > 0 &&
      html`<ul>
        ${entries.map(
          ([name, message]) => html`<li><a href="#field-${name}">${said(t, message)}</a></li>`,
        )}
      </ul>`
    }
  </div>`;
}

export function notice(message: HtmlValue): SafeHtml {
  return html`<div class="alert alert--info" role="status">${message}</div>`;
}

/** A page that says one thing and offers at most one way on. */
export function messagePage(options: {
  title: string;
  lead: HtmlValue;
  action?: { label: string; href: string } | undefined;
  t?: Messages;
}): Page {
  return {
    title: options.title,
    t: options.t,
    body: html`<h1>${options.title}</h1>
      <p class="lead">${options.lead}</p>
      ${
        options.action &&
        html`<p>
          <a class="button button--primary" href="${options.action.href}"
            >${options.action.label}</a
          >
        </p>`
      }`,
  };
}

/** A date in the page's language: "4 March 2026", "4. März 2026". */
export const formatDate = (at: number, t: Messages = catalogue.en) =>
  new Date(at * 1000).toLocaleDateString(t.lang === 'en' ? 'en-GB' : t.lang, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
