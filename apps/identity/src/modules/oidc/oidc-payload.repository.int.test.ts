import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { identityDb } from '../../identity-db';
import { migrateIdentity } from '../../testing/identity-fixture';
import { createOidcPayloadRepository, type OidcPayloadRepository } from './oidc-payload.repository';

describe('oidc-provider adapter on the database', () => {
  let test: TestDatabase;
  let repository: OidcPayloadRepository;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateIdentity(test.database);
    repository = createOidcPayloadRepository(identityDb(test.database));
  });
  afterAll(() => test?.dispose());

  it('stores, replaces and destroys a payload per model', async () => {
    const codes = repository.adapterFor('AuthorizationCode');
    const tokens = repository.adapterFor('AccessToken');
    await codes.upsert(
      'same-id',
      { kind: 'AuthorizationCode', jti: 'same-id', scope: 'openid' },
      60,
    );
    await tokens.upsert('same-id', { kind: 'AccessToken', jti: 'same-id' }, 60);
    expect(await codes.find('same-id')).toMatchObject({
      kind: 'AuthorizationCode',
      scope: 'openid',
    });

    await codes.upsert(
      'same-id',
      { kind: 'AuthorizationCode', jti: 'same-id', scope: 'openid email' },
      60,
    );
    expect(await codes.find('same-id')).toMatchObject({ scope: 'openid email' });

    await codes.destroy('same-id');
    expect(await codes.find('same-id')).toBeUndefined();
    expect(await tokens.find('same-id')).toMatchObject({ kind: 'AccessToken' });
  });

  it('marks a payload consumed', async () => {
    const codes = repository.adapterFor('AuthorizationCode');
    await codes.upsert('code-1', { jti: 'code-1' }, 60);
    expect((await codes.find('code-1'))?.consumed).toBeUndefined();
    await codes.consume('code-1');
    const consumed = (await codes.find('code-1'))?.consumed as number;
    expect(Math.abs(consumed - Date.now() / 1000)).toBeLessThan(60);
  });

  it('hides expired payloads and purges them', async () => {
    const interactions = repository.adapterFor('Interaction');
    await interactions.upsert('old', { jti: 'old' }, -1);
    await interactions.upsert('forever', { jti: 'forever' });
    expect(await interactions.find('old')).toBeUndefined();
    expect(await interactions.find('forever')).toMatchObject({ jti: 'forever' });
    expect(await repository.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await interactions.find('forever')).toBeDefined();
  });

  it('finds sessions by uid and device codes by user code', async () => {
    const sessions = repository.adapterFor('Session');
    await sessions.upsert('session-1', { uid: 'uid-1', accountId: 'someone' }, 60);
    expect(await sessions.findByUid('uid-1')).toMatchObject({ accountId: 'someone' });
    expect(await repository.adapterFor('Interaction').findByUid('uid-1')).toBeUndefined();

    const devices = repository.adapterFor('DeviceCode');
    await devices.upsert('device-1', { userCode: 'ABCD-EFGH' }, 60);
    expect(await devices.findByUserCode('ABCD-EFGH')).toMatchObject({ userCode: 'ABCD-EFGH' });
  });

  it('revokes every token of a grant, model by model', async () => {
    const refresh = repository.adapterFor('RefreshToken');
    const access = repository.adapterFor('AccessToken');
    await refresh.upsert('rt-1', { grantId: 'grant-1' }, 60);
    await refresh.upsert('rt-2', { grantId: 'grant-1' }, 60);
    await refresh.upsert('rt-3', { grantId: 'grant-2' }, 60);
    await access.upsert('at-1', { grantId: 'grant-1' }, 60);

    await refresh.revokeByGrantId('grant-1');
    expect(await refresh.find('rt-1')).toBeUndefined();
    expect(await refresh.find('rt-2')).toBeUndefined();
    expect(await refresh.find('rt-3')).toBeDefined();
    expect(await access.find('at-1')).toBeDefined();
  });

  it('ends everything of one account', async () => {
    const sessions = repository.adapterFor('Session');
    const grants = repository.adapterFor('Grant');
    await sessions.upsert('session-a', { uid: 'uid-a', accountId: 'account-a' }, 60);
    await grants.upsert('grant-a', { accountId: 'account-a' }, 60);
    await sessions.upsert('session-b', { uid: 'uid-b', accountId: 'account-b' }, 60);
    await repository.revokeAccount('account-a');
    expect(await sessions.find('session-a')).toBeUndefined();
    expect(await grants.find('grant-a')).toBeUndefined();
    expect(await sessions.find('session-b')).toBeDefined();
  });
});
