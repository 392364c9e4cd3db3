import { describe, expect, it } from 'vitest';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { createAccessTokenVerifier, InvalidTokenError } from './access-token';

const issuer = 'https://id.example';
const audience = 'questa-question-db';

async function setUp(rolesClaim: string) {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA' };
  const verify = createAccessTokenVerifier({
    issuer,
    audience,
    rolesClaim,
    jwks: createLocalJWKSet({ keys: [jwk] }),
  });
  const sign = (claims: JWTPayload) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
      .setIssuer(issuer)
      .setAudience([audience, 'other-api'])
      .setExpirationTime('1m')
      .sign(privateKey);
  return { verify, sign };
}

describe('access token verification', () => {
  it('reads roles from a nested claim such as Keycloak’s realm_access.roles', async () => {
    const { verify, sign } = await setUp('realm_access.roles');
    const token = await sign({ sub: 'kc-user', realm_access: { roles: ['offline', 'admin'] } });
    expect(await verify(token)).toEqual({ sub: 'kc-user', roles: ['admin'] });
  });

  it('accepts roles as a space-separated string and ignores any other shape', async () => {
    const { verify, sign } = await setUp('roles');
    expect(await verify(await sign({ sub: 'a', roles: 'reader admin' }))).toMatchObject({
      roles: ['admin'],
    });
    expect(await verify(await sign({ sub: 'b', roles: { admin: true } }))).toMatchObject({
      roles: [],
    });
  });

  it('throws InvalidTokenError for tokens that fail verification', async () => {
    const { verify } = await setUp('roles');
    await expect(verify('a.b.c')).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
