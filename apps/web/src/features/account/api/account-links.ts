import { config } from '../../../lib/config';

/** The file of everything Questa keeps about the learner; the browser downloads it. */
export const exportDataUrl = () => `${config.apiBase}/account/export`;

/**
 * The identity provider's page for changing the password, by way of the main API, which knows
 * where it is; the page speaks `locale`, the app's language.
 */
export const changePasswordUrl = (locale: string) =>
  `${config.apiBase}/account/password?${new URLSearchParams({ locale })}`;
