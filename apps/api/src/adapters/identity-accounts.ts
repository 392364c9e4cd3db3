import { HttpProblem } from '@questa/http-kit';

/** What the main API asks of the identity provider about accounts, beyond signing in. */
export interface IdentityAccounts {
  /** Deletes the account and ends its sessions there; done too when it is already gone. */
  deleteAccount(sub: string): Promise<void>;
  /** Ends every sign-in of the account there, leaving it in place; done too when it is gone. */
  endSignIns(sub: string): Promise<void>;
  /** The provider's own page for changing the password: the password never passes Questa. */
  passwordPageUrl(input: { email: string; locale?: string | undefined }): string;
}

const TIMEOUT_MS = 5000;

/**
 * The embedded provider's account endpoint, called as the main API's confidential client (HTTP
 * Basic, as at its token endpoint). Standard OpenID Connect has no call for deleting an account,
 * so an external provider gets no such adapter: its accounts are managed there.
 */
export function createEmbeddedIdentityAccounts(options: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
}): IdentityAccounts {
  const credentials = Buffer.from(
    `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
  ).toString('base64');
  /** One call as the client; 204, or 404 for an account already gone, counts as done. */
  async function call(method: string, path: string, what: string) {
    let status: number;
    try {
      const response = await fetch(`${options.issuer}${path}`, {
        method,
        headers: { authorization: `Basic ${credentials}` },
        signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
      });
      status = response.status;
    } catch (error) {
      throw Object.assign(unavailable(), { cause: error });
    }
    if (status !== 204 && status !== 404) {
      throw Object.assign(unavailable(), {
        cause: new Error(`The identity provider answered ${status} to ${what}`),
      });
    }
  }

  return {
    passwordPageUrl({ email, locale }) {
      const query = new URLSearchParams({
        login_hint: email,
        ...(locale && { ui_locales: locale }),
      });
      return `${options.issuer}/password?${query}`;
    },

    async deleteAccount(sub) {
      await call('DELETE', `/accounts/${encodeURIComponent(sub)}`, 'deleting an account');
    },

    async endSignIns(sub) {
      await call('POST', `/accounts/${encodeURIComponent(sub)}/sign-out`, 'ending sign-ins');
    },
  };
}

const unavailable = () =>
  new HttpProblem('unavailable', {
    detail:
      'The sign-in service could not be reached just now. Nothing is lost: the deletion stays due and is finished once it answers, or when you try again in a minute.',
    retryAfter: 30,
  });
