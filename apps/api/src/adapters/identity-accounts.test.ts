import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedIdentityAccounts } from './identity-accounts';

describe('deleting an account at the embedded provider', () => {
  let server: Server;
  let issuer: string;
  const seen: { method?: string; url?: string; authorization?: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
      });
      if (request.url?.includes('slow')) return; // never answers
      response.statusCode = request.url?.includes('gone') ? 404 : 204;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/idp`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const accounts = (timeoutMs?: number) =>
    createEmbeddedIdentityAccounts({
      issuer,
      clientId: 'questa',
      clientSecret: 's3cret',
      timeoutMs,
    });

  it('calls the account endpoint as the client, and counts an account already gone as done', async () => {
    await accounts().deleteAccount('abc');
    await accounts().deleteAccount('gone');
    expect(seen.slice(0, 2)).toEqual([
      {
        method: 'DELETE',
        url: '/idp/accounts/abc',
        authorization: `Basic ${Buffer.from('questa:s3cret').toString('base64')}`,
      },
      expect.objectContaining({ url: '/idp/accounts/gone' }),
    ]);
  });

  it('ends an account’s sign-ins there as the client, an account already gone counting as done', async () => {
    await accounts().endSignIns('abc');
    await accounts().endSignIns('gone');
    expect(seen.slice(-2)).toEqual([
      {
        method: 'POST',
        url: '/idp/accounts/abc/sign-out',
        authorization: `Basic ${Buffer.from('questa:s3cret').toString('base64')}`,
      },
      expect.objectContaining({ url: '/idp/accounts/gone/sign-out' }),
    ]);
    await expect(accounts(200).endSignIns('slow')).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('answers unavailable when the provider is down or does not answer in time', async () => {
    const down = createEmbeddedIdentityAccounts({
      issuer: 'http://127.0.0.1:9/idp',
      clientId: 'questa',
      clientSecret: 's3cret',
    });
    await expect(down.deleteAccount('abc')).rejects.toMatchObject({ code: 'unavailable' });
    await expect(accounts(200).deleteAccount('slow')).rejects.toMatchObject({
      code: 'unavailable',
    });
  });
});
