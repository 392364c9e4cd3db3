import { readPreference, writePreference } from './storage';

/*
 * The workspace a person last worked in, remembered on this device: pages that act in one
 * workspace and are opened without naming it (a new bank, an import) start there. It is a
 * convenience of the device, like the theme, so it lives in the browser and not on the server;
 * a remembered workspace the person no longer belongs to is simply passed over.
 */

const CURRENT_KEY = 'questa.workspace';

export function rememberWorkspace(clientId: string): void {
  writePreference(CURRENT_KEY, clientId);
}

/** The remembered workspace among `clientIds`, else the first of them. */
export function currentWorkspace(clientIds: readonly string[]): string | undefined {
  const remembered = readPreference(CURRENT_KEY);
  return remembered && clientIds.includes(remembered) ? remembered : clientIds[0];
}

/*
 * An invitation link opened before having an account: creating one goes through the identity
 * provider's sign-up and mail confirmation, which lose the address the person came from, so the
 * link is kept here until they are signed in and back.
 */

const PENDING_KEY = 'questa.pendingInvitation';

export function keepPendingInvitation(path: string): void {
  writePreference(PENDING_KEY, path);
}

export function pendingInvitation(): string | undefined {
  const path = readPreference(PENDING_KEY);
  return path?.startsWith('/invitations/') ? path : undefined;
}

export function forgetPendingInvitation(): void {
  try {
    window.localStorage.removeItem(PENDING_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
