import { z } from 'zod';
import { isoDate } from './shared';
import { LEARNING } from '../rules/learning';

/** Premium granted by an admin, and extra exam time. */

export const premiumGrant = z
  .strictObject({
    premium: z.boolean(),
    /** Null: until revoked. */
    until: isoDate.nullable().default(null),
  })
  .meta({ examples: [{ premium: true, until: '2027-06-30T00:00:00.000Z' }] });
export const accommodations = z
  .strictObject({
    extraTimePercent: z.number().int().min(0).max(LEARNING.maxExtraTimePercent),
  })
  .meta({ examples: [{ extraTimePercent: 50 }] });
export type Accommodations = z.infer<typeof accommodations>;
