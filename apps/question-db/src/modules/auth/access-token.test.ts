import { describe, expect, it } from 'vitest';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { createAccessTokenVerifier, InvalidTokenError } from './access-token';

const issuer = 'https://id.example';
const audience = 'questa-question-db';

async function setUp(rolesClaim: string, serviceClients?: string[]) {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA' };
  const verify = createAccessTokenVerifier({
    issuer,
    audience,
    rolesClaim,
    jwks: createLocalJWKSet({ keys: [jwk] }),
    serviceClients,
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
    expect(await verify(token)).toEqual({ kind: 'user', sub: 'kc-user', roles: ['admin'] });
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

  it('knows a client-credentials token of a trusted client as a service, whatever roles it claims', async () => {
    const { verify, sign } = await setUp('roles', ['questa-web']);
    const token = await sign({ sub: 'questa-web', client_id: 'questa-web', roles: ['admin'] });
    expect(await verify(token)).toEqual({ kind: 'service', clientId: 'questa-web' });
  });

  it('refuses a client-credentials token of a client it does not trust', async () => {
    const { verify, sign } = await setUp('roles', ['questa-web']);
    const token = await sign({ sub: 'reports', client_id: 'reports' });
    await expect(verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verify(token)).rejects.toThrow('The client reports is not trusted');
    const none = await setUp('roles');
    await expect(
      none.verify(await none.sign({ sub: 'questa-web', client_id: 'questa-web' })),
    ).rejects.toThrow('not trusted as a Questa service');
  });

  it('keeps a person’s token issued to a trusted client a user token', async () => {
    const { verify, sign } = await setUp('roles', ['questa-web']);
    const token = await sign({ sub: 'ada', client_id: 'questa-web', roles: ['admin'] });
    expect(await verify(token)).toEqual({ kind: 'user', sub: 'ada', roles: ['admin'] });
  });
});
