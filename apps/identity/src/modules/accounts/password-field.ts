import { field, html } from '@questa/http-kit';
import type { Messages } from '../../pages/messages';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account-input';

/**
 * A password input with a show-password button. A new password also carries the rule: it is
 * shown as a hint, set as minlength and maxlength, and checked as people type; password.js reads
 * the limit from the input, so the rule is stated once. Without script the button stays hidden
 * and the browser and server still check the rule.
 */
export function passwordField(
  t: Messages,
  options: {
    label: string;
    autocomplete: 'current-password' | 'new-password';
    error?: string | undefined;
    autofocus?: boolean;
    /** `password` unless a form has two, like the one that changes it. */
    name?: string;
  },
) {
  const name = options.name ?? 'password';
  const id = `field-${name}`;
  const isNew = options.autocomplete === 'new-password';
  return field({
    name,
    label: options.label,
    type: 'password',
    autocomplete: options.autocomplete,
    hint: isNew ? t.rules.atLeast(PASSWORD_MIN_LENGTH) : undefined,
    error: options.error,
    autofocus: options.autofocus ?? false,
    ...(isNew ? { minlength: PASSWORD_MIN_LENGTH, maxlength: PASSWORD_MAX_LENGTH } : {}),
    after: html`<button
        type="button"
        class="button button--secondary password-toggle"
        aria-controls="${id}"
        aria-pressed="false"
        data-password-toggle
        hidden
      >
        ${t.password.show}
      </button>
      ${
        isNew &&
        html`<p
          class="field-status"
          role="status"
          data-password-status="${id}"
          data-typing="${t.password.typing}"
          data-long-enough="${t.password.longEnough}"
        ></p>`
      }`,
  });
}
