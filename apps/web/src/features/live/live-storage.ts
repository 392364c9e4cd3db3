import type { LiveJoined } from '@questa/contracts';

/**
 * A player's place in a room, kept on the device by room code: a reload, a phone that slept or a
 * lost connection brings the same player back with it. It is a token for this one room, not a
 * sign-in, and it stops working when the room ends or the host removes the player.
 */
const key = (code: string) => `questa.live.${code}`;

export function storedPlayer(code: string): LiveJoined | undefined {
  try {
    const raw = localStorage.getItem(key(code));
    return raw ? (JSON.parse(raw) as LiveJoined) : undefined;
  } catch {
    return undefined;
  }
}

export function storePlayer(code: string, joined: LiveJoined) {
  try {
    localStorage.setItem(key(code), JSON.stringify(joined));
  } catch {
    // Private mode without storage: the game still works until the page is reloaded.
  }
}

export function forgetPlayer(code: string) {
  try {
    localStorage.removeItem(key(code));
  } catch {
    // Nothing stored.
  }
}
