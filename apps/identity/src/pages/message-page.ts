import { html, type HtmlValue, type SafeHtml } from '@questa/http-kit';
import type { Page } from './layout';
import type { Locale } from './messages';

/** A page that says one thing and offers at most one way on. */
export function messagePage(options: {
  title: string;
  lead: HtmlValue;
  details?: SafeHtml;
  action?: { label: string; href: string };
  lang?: Locale;
}): Page {
  return {
    title: options.title,
    ...(options.lang ? { lang: options.lang } : {}),
    body: html`<h1>${options.title}</h1>
      <p class="lead">${options.lead}</p>
      ${options.details}
      ${options.action && html`<a class="button button--primary" href="${options.action.href}">${options.action.label}</a>`}`,
  };
}
