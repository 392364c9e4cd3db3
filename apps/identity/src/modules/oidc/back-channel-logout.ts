import { randomUUID } from 'node:crypto';
import type Provider from 'oidc-provider';
import type { BackChannelLogoutRepository } from './back-channel-logout.repository';

/** The event a logout token carries (OpenID Connect Back-Channel Logout 1.0, §2.4). */
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
const DELIVERY_TIMEOUT_MS = 5000;
/** A client's sessions end by themselves after twelve idle hours; telling it later is pointless. */
const GIVE_UP_AFTER_MS = 12 * 60 * 60 * 1000;
const MAX_RETRY_DELAY_MS = 5 * 60 * 1000;

export interface BackChannelLogoutLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** Waits longer after each failed attempt: 5 s, 10 s, 20 s … up to five minutes. */
export const retryDelayMs = (attempts: number) =>
  Math.min(MAX_RETRY_DELAY_MS, 5000 * 2 ** Math.max(0, attempts - 1));

/**
 * Tells every client that registered a back-channel logout URI that all of an account's sign-ins
 * are over, with a standard logout token naming the subject and no session: the password changed
 * or was reset, or the account is gone, so every session everywhere must end, not only one. A
 * client that cannot be reached is told again later, until it answers or its sessions would
 * have ended anyway.
 */
export function createBackChannelLogout(deps: {
  provider: Provider;
  clientIds: string[];
  pending: BackChannelLogoutRepository;
  log: BackChannelLogoutLog;
}) {
  /** True when the client took the token (or wants none). */
  async function deliver(accountId: string, clientId: string): Promise<boolean> {
    const client = await deps.provider.Client.find(clientId);
    if (!client?.backchannelLogoutUri) return true;
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
      if (response.status === 200 || response.status === 204) return true;
      throw new Error(`${client.backchannelLogoutUri} answered ${response.status}`);
    } catch (error) {
      deps.log.warn(
        { err: error, clientId },
        'a client could not be told that an account was signed out everywhere; it is told again later',
      );
      return false;
    }
  }

  return {
    async signOutEverywhere(accountId: string): Promise<void> {
      await Promise.all(
        deps.clientIds.map(async (clientId) => {
          if (!(await deliver(accountId, clientId))) {
            await deps.pending.queue(accountId, clientId, retryDelayMs(1));
          }
        }),
      );
    },

    /** Tries the deliveries that are due again; returns how many got through. */
    async retryPending(): Promise<number> {
      await deps.pending.dropOlderThan(GIVE_UP_AFTER_MS);
      let delivered = 0;
      for (const entry of await deps.pending.claimDue(20, DELIVERY_TIMEOUT_MS * 2)) {
        if (await deliver(entry.accountId, entry.clientId)) {
          await deps.pending.delivered(entry.id);
          delivered += 1;
        } else {
          await deps.pending.retryLater(entry.id, retryDelayMs(entry.attempts));
        }
      }
      return delivered;
    },
  };
}

export type BackChannelLogout = ReturnType<typeof createBackChannelLogout>;
