import { z } from 'zod';

export const health = z.object({
  status: z.literal('ok'),
  service: z.string(),
  database: z.literal('up'),
});
export type Health = z.infer<typeof health>;

/** Liveness: the process answers, whatever its dependencies do. */
export const liveness = z.object({
  status: z.literal('ok'),
  service: z.string(),
});
export type Liveness = z.infer<typeof liveness>;
