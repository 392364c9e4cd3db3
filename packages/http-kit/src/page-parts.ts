import { html, type SafeHtml } from './html';

/**
 * Parts shared by the server-rendered pages of Questa's own services (sign-in, the payment
 * sandbox). Each service keeps its own look and layout; what must behave the same everywhere —
 * headers that keep pages out of caches and frames, and form fields screen readers can follow —
 * lives here.
 */

/** Headers every server-rendered page is sent with, under the service's own content policy. */
export function pageHeaders(contentSecurityPolicy: string) {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': contentSecurityPolicy,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  } as const;
}

export interface FieldOptions {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  value?: string | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  autocomplete?: string;
  inputmode?: 'numeric' | 'email' | 'text';
  placeholder?: string;
  minlength?: number;
  maxlength?: number;
  /** Markup that belongs to the field and follows its input, such as a show-password button. */
  after?: SafeHtml | undefined;
  /** Fields are required unless said otherwise. */
  required?: boolean;
  autofocus?: boolean;
}

/**
 * A labelled input. Its hint and error are tied to it with aria-describedby so a screen reader
 * reads them with the field, and the error comes before the input so it is met before typing.
 */
export function field(options: FieldOptions): SafeHtml {
  const id = `field-${options.name}`;
  const described = [options.hint && `${id}-hint`, options.error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return html`<div class="field${options.error ? ' field--invalid' : ''}">
    <label for="${id}">${options.label}</label>
    ${options.hint && html`<p class="field-hint" id="${id}-hint">${options.hint}</p>`}
    ${options.error && html`<p class="field-error" id="${id}-error">${options.error}</p>`}
    <input
      id="${id}"
      name="${options.name}"
      type="${options.type ?? 'text'}"
      value="${options.value ?? ''}"
      ${options.required === false ? '' : html`required`}
      ${options.autocomplete && html`autocomplete="${options.autocomplete}"`}
      ${options.inputmode && html`inputmode="${options.inputmode}"`}
      ${options.placeholder && html`placeholder="${options.placeholder}"`}
      ${options.minlength && html`minlength="${options.minlength}"`}
      ${options.maxlength && html`maxlength="${options.maxlength}"`}
      ${options.error && html`aria-invalid="true"`}
      ${described && html`aria-describedby="${described}"`}
      ${options.autofocus && html`autofocus`}
    />
    ${options.after}
  </div>`;
}
