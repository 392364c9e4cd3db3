import { z } from 'zod';

export const health = z.object({
  status: z.literal('ok'),
  service: z.string(),
  database: z.literal('up'),
});
export type Health = z.infer<typeof health>;
