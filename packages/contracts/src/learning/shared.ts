import { z } from 'zod';

/** Shapes every learning contract uses. */
export const isoDate = z.iso.datetime({ offset: true });
export const id = z.string().min(1).max(40);
