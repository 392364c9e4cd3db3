import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

const retryAfterFailureMs = 5000;

/**
 * The issuer's signing keys, found through its OpenID discovery document on first use. Lazy so
 * the API starts while the provider is still starting; a failed discovery is retried after a few
 * seconds rather than remembered, and rather than on every request while the provider is down.
 */
export function discoverIssuerKeys(
  issuer: string,
  options: { timeoutMs?: number } = {},
): JWTVerifyGetKey {
  const timeoutMs = options.timeoutMs ?? 5000;
  let keys: Promise<JWTVerifyGetKey> | undefined;
  return async (header, token) => {
    keys ??= discoverJwksUri(issuer, timeoutMs).then(
      (jwksUri) => createRemoteJWKSet(jwksUri, { timeoutDuration: timeoutMs }),
      (error: unknown) => {
        setTimeout(() => (keys = undefined), retryAfterFailureMs).unref();
        throw error;
      },
    );
    return (await keys)(header, token);
  };
}

async function discoverJwksUri(issuer: string, timeoutMs: number): Promise<URL> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`OpenID discovery at ${issuer} answered ${response.status}.`);
  const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
  // OpenID Connect Discovery requires the document to name the very issuer it was fetched for.
  if (document.issuer !== issuer) {
    throw new Error(`OpenID discovery at ${issuer} names another issuer.`);
  }
  if (typeof document.jwks_uri !== 'string') {
    throw new Error(`OpenID discovery at ${issuer} names no jwks_uri.`);
  }
  return new URL(document.jwks_uri);
}
