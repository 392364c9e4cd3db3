import type { ObjectRepository } from '../store/object.repository';
import type { UnitOfWork } from '../store/unit-of-work';
import { resourceMissing } from '../wire/errors';
import type { BillingContext } from './billing/billing-context';

/** What every resource service is built with. */
export interface ServiceKit {
  work: UnitOfWork;
  /** Reads outside any transaction: retrieves and lists. */
  objects: ObjectRepository;
  context: BillingContext;
}

/** The object with `id` as the API shows it, or Stripe's 404 naming it. */
export async function retrieveData<T>(
  objects: ObjectRepository,
  id: string,
  type: string,
  noun: string,
): Promise<T> {
  const found = await objects.find<T>(id);
  if (!found || found.type !== type) throw resourceMissing(noun, id);
  return found.data;
}
