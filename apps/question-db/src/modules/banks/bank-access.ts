import type { BankVisibility } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { can, type Principal } from '@questa/policy';

/**
 * Whether the caller may see a bank of this visibility in the tenant. Members and API keys hold
 * bank:read_private; an admin who is no member reads only what the tenant lists publicly.
 */
export const mayReadBank = (principal: Principal, clientId: string, visibility: BankVisibility) =>
  visibility !== 'private' || can(principal, 'bank:read_private', clientId);

// Hidden banks answer exactly like missing ones, so their ids cannot be probed.
export const noSuchBank = () =>
  new HttpProblem('not_found', { detail: 'This tenant has no such bank.' });
