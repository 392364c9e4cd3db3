import { describe, expect, it } from 'vitest';
import { LIVE_LIMITS } from '@questa/contracts';
import { createJoinLimits } from './join-limits';

const school = '203.0.113.7';
const refused = (run: () => void) => {
  try {
    run();
    return false;
  } catch (error) {
    return (error as { code?: string }).code === 'rate_limited';
  }
};

describe('join limits', () => {
  it('stops a device guessing codes, not the other phones behind its school’s address', () => {
    const limits = createJoinLimits();
    const guesser = { device: 'guesser', address: school };
    for (let i = 0; i < LIVE_LIMITS.wrongCodesPerMinute; i++) limits.wrongCode(guesser, 0);

    expect(refused(() => limits.check(guesser, '123456', 1000))).toBe(true);
    for (let i = 0; i < 30; i++) {
      expect(
        refused(() => limits.check({ device: `pupil-${i}`, address: school }, '123456', 1000)),
      ).toBe(false);
    }
    // A minute later the guesser may try again.
    expect(refused(() => limits.check(guesser, '123456', 61_000))).toBe(false);
  });

  it('holds an address whose devices throw their cookies away to a larger allowance', () => {
    const limits = createJoinLimits();
    for (let i = 0; i < LIVE_LIMITS.wrongCodesPerAddressPerMinute; i++) {
      limits.wrongCode({ device: `fresh-${i}`, address: school }, 0);
    }
    expect(refused(() => limits.check({ device: 'another', address: school }, '123456', 0))).toBe(
      true,
    );
    expect(
      refused(() => limits.check({ device: 'another', address: '198.51.100.1' }, '123456', 0)),
    ).toBe(false);
  });

  it('lets one device join a room as a new player a few times, not hundreds', () => {
    const limits = createJoinLimits();
    const device = { device: 'phone', address: school };
    let joined = 0;
    for (let i = 0; i < 300; i++) {
      if (refused(() => limits.check(device, '123456', i))) continue;
      limits.joined(device, '123456', i);
      joined++;
    }
    expect(joined).toBe(LIVE_LIMITS.joinsPerDevicePerRoom);
    // Another room, and another device in the same room, are not held by it.
    expect(refused(() => limits.check(device, '654321', 300))).toBe(false);
    expect(refused(() => limits.check({ device: 'other', address: school }, '123456', 300))).toBe(
      false,
    );
  });
});
