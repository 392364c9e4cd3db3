import { randomUUID } from 'node:crypto';
import type Provider from 'oidc-provider';

/** The event a logout token carries (OpenID Connect Back-Channel Logout 1.0, §2.4). */
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
const DELIVERY_TIMEOUT_MS = 5000;

export interface BackChannelLogoutLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * Tells every client that registered a back-channel logout URI that all of an account's sign-ins
 * are over, with a standard logout token naming the subject and no session: the password changed
 * or was reset, or the account is gone, so every session everywhere must end, not only one.
 * Resolves with the clients that could not be told; a client that is down still finds the
 * account's tokens revoked at its next refresh.
 */
export function createBackChannelLogout(deps: {
  provider: Provider;
  clientIds: string[];
  log: BackChannelLogoutLog;
}) {
  return async function signOutEverywhere(accountId: string): Promise<string[]> {
    const failed: string[] = [];
    await Promise.all(
      deps.clientIds.map(async (clientId) => {
        const client = await deps.provider.Client.find(clientId);
        if (!client?.backchannelLogoutUri) return;
        const token = new deps.provider.IdToken({ sub: accountId }, { client });
        token.set('sub', accountId);
        token.set('events', { [LOGOUT_EVENT]: {} });
        token.set('jti', randomUUID());
        try {
          const response = await fetch(client.backchannelLogoutUri, {
            method: 'POST',
            redirect: 'manual',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ logout_token: await token.issue({ use: 'logout' }) }),
            signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
          });
          await response.body?.cancel();
          if (response.status !== 200 && response.status !== 204) {
            throw new Error(`${client.backchannelLogoutUri} answered ${response.status}`);
          }
        } catch (error) {
          failed.push(clientId);
          deps.log.warn(
            { err: error, clientId },
            'a client could not be told that an account was signed out everywhere',
          );
        }
      }),
    );
    return failed;
  };
}

export type BackChannelLogout = ReturnType<typeof createBackChannelLogout>;
