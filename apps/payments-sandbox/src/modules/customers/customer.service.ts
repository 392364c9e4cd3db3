import { initialMetadata, mergeMetadata } from '../../model/metadata';
import type {
  CustomerObject,
  Metadata,
  PaymentMethodObject,
  SubscriptionObject,
} from '../../model/objects';
import type { RequestInfo } from '../../store/ledger';
import { searchPageToken, type PageParams, type SearchResult } from '../../wire/list';
import { parseSearchQuery } from '../../wire/search-query';
import { invalidRequest } from '../../wire/errors';
import { ID_PREFIX, newId, randomToken } from '../../wire/ids';
import type { SubscriptionInternal } from '../billing/billing-context';
import { cancelNow } from '../billing/subscription-lifecycle';
import { retrieveData, type ServiceKit } from '../service-kit';

export interface CustomerInput {
  email?: string | undefined;
  name?: string | undefined;
  description?: string | undefined;
  phone?: string | undefined;
  metadata?: Metadata | null | undefined;
  balance?: number | undefined;
  defaultPaymentMethod?: string | undefined;
}

const orNull = (value: string | undefined, current: string | null) =>
  value === undefined ? current : value === '' ? null : value;

/** The customer fields Stripe's search reads that the sandbox answers for. */
const CUSTOMER_SEARCH_FIELDS = ['email', 'name', 'phone', 'metadata'] as const;

export function createCustomerService({ work, objects }: ServiceKit) {
  return {
    create(input: CustomerInput & { testClock?: string | undefined }, request: RequestInfo) {
      return work(request, async (ledger) => {
        const clock = input.testClock ?? null;
        if (clock) {
          await ledger.require(clock, 'test_helpers.test_clock', 'test clock', 'test_clock');
        }
        const id = newId(ID_PREFIX.customer, 14);
        const data: CustomerObject = {
          id,
          object: 'customer',
          address: null,
          balance: input.balance ?? 0,
          created: await ledger.now(clock),
          currency: null,
          default_source: null,
          delinquent: false,
          description: input.description || null,
          discount: null,
          email: input.email || null,
          invoice_prefix: randomToken(8).toUpperCase(),
          invoice_settings: {
            custom_fields: null,
            default_payment_method: null,
            footer: null,
            rendering_options: null,
          },
          livemode: false,
          metadata: initialMetadata(input.metadata),
          name: input.name || null,
          next_invoice_sequence: 1,
          phone: input.phone || null,
          preferred_locales: [],
          shipping: null,
          tax_exempt: 'none',
          test_clock: clock,
        };
        await ledger.insert({ id, type: 'customer', customer: id, clock, data });
        ledger.emit('customer.created', data);
        return data;
      });
    },

    retrieve: (id: string) => retrieveData<CustomerObject>(objects, id, 'customer', 'customer'),

    update(id: string, input: CustomerInput, request: RequestInfo) {
      return work(request, async (ledger) => {
        const customer = await ledger.require<CustomerObject>(id, 'customer', 'customer');
        if (customer.data.deleted)
          throw invalidRequest(`No such customer: '${id}'`, {
            status: 404,
            code: 'resource_missing',
            param: 'id',
          });
        const before = structuredClone(customer.data);
        const { data } = customer;
        data.email = orNull(input.email, data.email);
        data.name = orNull(input.name, data.name);
        data.description = orNull(input.description, data.description);
        data.phone = orNull(input.phone, data.phone);
        data.metadata = mergeMetadata(data.metadata, input.metadata);
        if (input.balance !== undefined) data.balance = input.balance;
        if (input.defaultPaymentMethod !== undefined) {
          if (input.defaultPaymentMethod !== '') {
            const method = await ledger.get<PaymentMethodObject>(
              input.defaultPaymentMethod,
              'payment_method',
            );
            if (method?.data.customer !== id) {
              throw invalidRequest(
                `The customer does not have a payment method with the ID ${input.defaultPaymentMethod}. The payment method must be attached to the customer.`,
                { param: 'invoice_settings[default_payment_method]' },
              );
            }
          }
          data.invoice_settings.default_payment_method = input.defaultPaymentMethod || null;
        }
        await ledger.save(customer);
        ledger.emitChange('customer.updated', before, data);
        return data;
      });
    },

    /** Deletes the customer and ends its subscriptions at once, as Stripe does. */
    del(id: string, request: RequestInfo) {
      return work(request, async (ledger) => {
        const customer = await ledger.require<CustomerObject>(id, 'customer', 'customer');
        if (customer.data.deleted)
          throw invalidRequest(`No such customer: '${id}'`, {
            status: 404,
            code: 'resource_missing',
            param: 'id',
          });
        const at = await ledger.now(customer.clock);
        const { data: subscriptions } = await ledger.repositories.objects.list<SubscriptionObject>(
          'subscription',
          { customer: id, limit: 100 },
        );
        for (const { id: subscriptionId, status } of subscriptions) {
          if (status === 'canceled' || status === 'incomplete_expired') continue;
          const subscription = await ledger.require<SubscriptionObject, SubscriptionInternal>(
            subscriptionId,
            'subscription',
            'subscription',
          );
          await cancelNow(ledger, subscription, { at, reason: 'cancellation_requested' });
        }
        ledger.emit('customer.deleted', customer.data);
        const stub = { id, object: 'customer' as const, deleted: true as const };
        customer.data = stub as unknown as CustomerObject;
        await ledger.save(customer);
        return stub;
      });
    },

    /** `GET /v1/customers/search`: Stripe's search query, on the fields Stripe searches customers by. */
    async search(
      query: string,
      page: { limit: number; after: number | undefined },
    ): Promise<SearchResult<CustomerObject>> {
      const parsed = parseSearchQuery(query, CUSTOMER_SEARCH_FIELDS);
      const found = await objects.search<CustomerObject>('customer', parsed, page);
      return {
        object: 'search_result',
        data: found.data,
        has_more: found.hasMore,
        next_page: found.hasMore && found.last !== undefined ? searchPageToken(found.last) : null,
        url: '/v1/customers/search',
      };
    },

    list(filter: { email?: string | undefined; testClock?: string | undefined }, page: PageParams) {
      return objects.list<CustomerObject>('customer', {
        ...page,
        where: {
          deleted: null,
          ...(filter.email !== undefined && { email: filter.email }),
          ...(filter.testClock !== undefined && { test_clock: filter.testClock }),
        },
      });
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
