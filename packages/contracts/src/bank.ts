import { z } from 'zod';

import { BANK_LIMITS, bankVisibilities, QUESTION_LIMITS } from './rules/questions';

const bankFields = {
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'lowercase letters, digits and single dashes' })
    .max(BANK_LIMITS.slugMax),
  title: z.string().trim().min(1).max(BANK_LIMITS.titleMax),
  description: z.string().max(BANK_LIMITS.descriptionMax),
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, { error: 'a language tag such as en or pt-BR' }),
  visibility: z.enum(bankVisibilities),
  tags: z.array(z.string().trim().min(1).max(QUESTION_LIMITS.tagMax)).max(QUESTION_LIMITS.tagsMax),
};

export const bankInput = z
  .strictObject({
    ...bankFields,
    description: bankFields.description.default(''),
    language: bankFields.language.default('en'),
    visibility: bankFields.visibility.default('private'),
    tags: bankFields.tags.default([]),
  })
  .meta({
    examples: [
      {
        slug: 'world-rivers',
        title: 'World rivers',
        description: 'The great rivers: where they rise, where they flow, what they carry.',
        language: 'en',
        visibility: 'private',
        tags: ['geography'],
      },
    ],
  });
/** A change to a bank: only the fields sent change, so none has a default. */
export const bankUpdate = z
  .strictObject(bankFields)
  .partial()
  .meta({ examples: [{ title: 'Rivers of the world', visibility: 'public' }] });
export type BankInput = z.input<typeof bankInput>;
export type BankUpdate = z.input<typeof bankUpdate>;

/** A bank as its own tenant sees it. */
export const tenantBank = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  visibility: z.enum(bankVisibilities),
  /** Every question in the bank, drafts included: this is the tenant's own view. */
  questionCount: z.number().int().nonnegative(),
  /** Since when the bank is archived; null while learners can find it. */
  archivedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TenantBank = z.infer<typeof tenantBank>;

export const tenantBankList = z.object({
  banks: z.array(tenantBank),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type TenantBankList = z.infer<typeof tenantBankList>;
