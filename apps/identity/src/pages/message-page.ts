import { html, type HtmlValue, type SafeHtml } from '@questa/http-kit';
import type { Page } from './layout';

/** A page that says one thing and offers at most one way on. */
export function messagePage(options: {
  title: string;
  lead: HtmlValue;
  details?: SafeHtml;
  action?: { label: string; href: string };
}): Page {
  return {
    title: options.title,
    body: html`<h1>${options.title}</h1>
      <p class="lead">${options.lead}</p>
      ${options.details}
      ${options.action && html`<a class="button button--primary" href="${options.action.href}">${options.action.label}</a>`}`,
  };
}
