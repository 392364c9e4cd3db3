import { LIVE_LIMITS } from '@questa/contracts';
import { createRateLimiter } from './rate-limit';

/** Who is joining: the device (its cookie) and the address it comes from. */
export interface Joiner {
  device: string;
  address: string;
}

/**
 * How often a device may join rooms and guess codes. Wrong codes count per device, so a loop
 * guessing codes stops within a minute while the other phones behind the same school address
 * keep joining; all devices of an address together get a larger allowance, for a client that
 * throws its cookie away. A device joins a room as a new player only a few times: its token
 * brings the same player back, so a device joining hundreds of times is a script.
 */
export function createJoinLimits(limits: typeof LIVE_LIMITS = LIVE_LIMITS) {
  const wrongByDevice = createRateLimiter({ limit: limits.wrongCodesPerMinute, windowMs: 60_000 });
  const wrongByAddress = createRateLimiter({
    limit: limits.wrongCodesPerAddressPerMinute,
    windowMs: 60_000,
  });
  const joinsByDevice = createRateLimiter({
    limit: limits.joinsPerDevicePerRoom,
    windowMs: 10 * 60_000,
  });
  const roomKey = (joiner: Joiner, code: string) => `${joiner.device}:${code}`;
  return {
    /** Throws `rate_limited` when this device, or its address, may not try now. */
    check(joiner: Joiner, code: string, now = Date.now()) {
      wrongByDevice.check(joiner.device, now);
      wrongByAddress.check(joiner.address, now);
      joinsByDevice.check(roomKey(joiner, code), now);
    },
    wrongCode(joiner: Joiner, now = Date.now()) {
      wrongByDevice.hit(joiner.device, now);
      wrongByAddress.hit(joiner.address, now);
    },
    joined(joiner: Joiner, code: string, now = Date.now()) {
      joinsByDevice.hit(roomKey(joiner, code), now);
    },
  };
}
