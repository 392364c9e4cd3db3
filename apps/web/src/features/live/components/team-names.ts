import type { LiveTeamNames } from '@questa/contracts';
import { createContext } from 'react';

/**
 * The names the host gave the room's teams, from the room view, for every badge and board
 * below: a screen provides them once instead of passing them to each place that names a team.
 */
export const TeamNames = createContext<LiveTeamNames | undefined>(undefined);
