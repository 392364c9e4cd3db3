import { z } from 'zod';

/** A language as a BCP 47 tag (`de`, `en-GB`): the app's language, passed to pages it links to. */
export const languageTag = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/)
  .max(35);
