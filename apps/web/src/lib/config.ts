/**
 * Settings baked into the bundle at build time. Everything here is public: the bundle is readable
 * by anyone, so no secret or token may ever be added.
 */
export interface ClientConfig {
  /** Main API and backend-for-frontend, ends in `/api`. */
  apiBase: string;
  /** Question-database API, ends in `/api/v1/clients`. */
  questionDbBase: string;
  /** Content-delivery base for media. */
  cdnBase: string;
  /** The payment partner's publishable identifier. */
  paymentClientId: string;
}

declare const __QUESTA_CONFIG__: ClientConfig;

export const config: Readonly<ClientConfig> = Object.freeze({ ...__QUESTA_CONFIG__ });
