import * as oidc from 'openid-client';
import { HttpProblem } from '@questa/http-kit';

/**
 * Access tokens in the main API's own name, for no person: what it calls the question database
 * with when it acts for learners, who are members of no tenant.
 */
export interface ServiceTokenSource {
  token(): Promise<string>;
}

// A token handed out is used for a request that may take seconds, and clocks differ a little.
const RENEW_BEFORE_EXPIRY_MS = 60_000;

/**
 * The client-credentials grant (RFC 6749 §4.4) at the provider `configuration` discovered, for
 * the resource `audience`. A token is reused until a minute before it expires, and callers
 * arriving while one is being fetched wait for it: a burst of learners costs the provider one
 * request, not one each.
 */
export function createClientCredentialsTokenSource(options: {
  configuration: () => Promise<oidc.Configuration>;
  audience: string;
}): ServiceTokenSource {
  let current: { value: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    try {
      const response = await oidc.clientCredentialsGrant(await options.configuration(), {
        resource: options.audience,
      });
      // Without expires_in the lifetime is unknown, so the token serves only those who asked.
      const renewAt =
        response.expires_in === undefined
          ? 0
          : Date.now() + response.expires_in * 1000 - RENEW_BEFORE_EXPIRY_MS;
      current = { value: response.access_token, renewAt };
      return response.access_token;
    } catch (error) {
      throw Object.assign(
        new HttpProblem('unavailable', {
          detail: 'Questions cannot be fetched right now. Please try again shortly.',
          retryAfter: 5,
        }),
        { cause: error },
      );
    }
  }

  return {
    token() {
      if (current && Date.now() < current.renewAt) return Promise.resolve(current.value);
      pending ??= fetchToken().finally(() => {
        pending = undefined;
      });
      return pending;
    },
  };
}
