import type { SettingsRepository } from '../../store/settings.repository';
import type { SandboxClock } from '../../store/ledger';

const OFFSET = 'clock_offset_seconds';

export interface AdvanceableClock extends SandboxClock {
  offsetSeconds(): number;
  /** Moves the clock forward; time never goes back, so renewals already made stay made. */
  advance(seconds: number): Promise<void>;
}

/**
 * The sandbox's own clock, for objects on no test clock: real time plus an offset an admin or a
 * test moved forward. The offset is kept in the schema, so periods stamped in sandbox time stay
 * consistent across restarts.
 */
export async function loadSandboxClock(settings: SettingsRepository): Promise<AdvanceableClock> {
  let offset = (await settings.get<number>(OFFSET)) ?? 0;
  return {
    now: () => Math.floor(Date.now() / 1000) + offset,
    offsetSeconds: () => offset,
    async advance(seconds) {
      offset += Math.max(0, Math.floor(seconds));
      await settings.set(OFFSET, offset);
    },
  };
}
