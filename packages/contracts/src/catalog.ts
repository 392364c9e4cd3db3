import { z } from 'zod';
import { ids } from './ids';
import { bankVisibilities } from './rules/questions';

export const catalogBank = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  language: z.string(),
  visibility: z.enum(bankVisibilities),
  tags: z.array(z.string()),
  questionCount: z.number().int().min(0),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type CatalogBank = z.infer<typeof catalogBank>;

export const catalogList = z.object({ banks: z.array(catalogBank) });
export type CatalogList = z.infer<typeof catalogList>;

export const catalogTopic = z.object({
  topic: z.string(),
  questionCount: z.number().int().min(0),
});

export const catalogBankDetail = catalogBank.extend({
  topics: z.array(catalogTopic),
  questionTypes: z.array(z.string()),
});
export type CatalogBankDetail = z.infer<typeof catalogBankDetail>;

export const bankIdParams = z.strictObject({ bankId: ids.bank });
