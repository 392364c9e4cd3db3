import { initialMetadata, mergeMetadata } from '../../model/metadata';
import type { Interval, Metadata, PriceObject, ProductObject } from '../../model/objects';
import type { Ledger, RequestInfo } from '../../store/ledger';
import type { FieldFilter } from '../../store/object.repository';
import { invalidRequest } from '../../wire/errors';
import { ID_PREFIX, newId } from '../../wire/ids';
import type { PageParams } from '../../wire/list';
import { retrieveData, type ServiceKit } from '../service-kit';

export interface PriceData {
  currency: string;
  unitAmount: number;
  recurring: { interval: Interval; intervalCount: number } | undefined;
}

export interface ProductInput {
  id?: string | undefined;
  name?: string | undefined;
  description?: string | undefined;
  active?: boolean | undefined;
  metadata?: Metadata | null | undefined;
  marketingFeatures?: string[] | undefined;
  defaultPriceData?: PriceData | undefined;
  defaultPrice?: string | undefined;
}

export interface PriceInput extends PriceData {
  product?: string | undefined;
  productData?: { name: string; metadata?: Metadata | null | undefined } | undefined;
  nickname?: string | undefined;
  lookupKey?: string | undefined;
  transferLookupKey?: boolean | undefined;
  metadata?: Metadata | null | undefined;
  active?: boolean | undefined;
  taxBehavior?: PriceObject['tax_behavior'] | undefined;
}

/** The parts of a price that may change after it is made; amount, currency and interval never do. */
export interface PriceUpdate {
  active?: boolean | undefined;
  nickname?: string | undefined;
  metadata?: Metadata | null | undefined;
  lookupKey?: string | undefined;
  transferLookupKey?: boolean | undefined;
  taxBehavior?: PriceObject['tax_behavior'] | undefined;
}

/** Stripe caps a recurring interval at one year. */
const MAX_INTERVAL_COUNT: Record<Interval, number> = { day: 365, week: 52, month: 12, year: 1 };

async function claimLookupKey(
  ledger: Ledger,
  lookupKey: string,
  transfer: boolean | undefined,
  priceId: string,
) {
  const holder = await ledger.repositories.objects.findBy<PriceObject>(
    'price',
    'lookup_key',
    lookupKey,
  );
  if (!holder || holder.id === priceId) return;
  if (!transfer) {
    throw invalidRequest(
      `A price (\`${holder.id}\`) already uses that lookup key. Pass \`transfer_lookup_key\` to move it to this price.`,
      { param: 'lookup_key' },
    );
  }
  const held = await ledger.require<PriceObject>(holder.id, 'price', 'price');
  const before = structuredClone(held.data);
  held.data.lookup_key = null;
  await ledger.save(held);
  ledger.emitChange('price.updated', before, held.data);
}

async function insertPrice(
  ledger: Ledger,
  product: string,
  input: PriceData & Omit<PriceInput, keyof PriceData | 'product' | 'productData'>,
  at: number,
): Promise<PriceObject> {
  if (
    input.recurring &&
    input.recurring.intervalCount > MAX_INTERVAL_COUNT[input.recurring.interval]
  ) {
    throw invalidRequest('The maximum billing frequency is one year.', {
      param: 'recurring[interval_count]',
    });
  }
  const id = newId(ID_PREFIX.price);
  if (input.lookupKey) await claimLookupKey(ledger, input.lookupKey, input.transferLookupKey, id);
  const data: PriceObject = {
    id,
    object: 'price',
    active: input.active ?? true,
    billing_scheme: 'per_unit',
    created: at,
    currency: input.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: input.lookupKey || null,
    metadata: initialMetadata(input.metadata),
    nickname: input.nickname || null,
    product,
    recurring: input.recurring
      ? {
          interval: input.recurring.interval,
          interval_count: input.recurring.intervalCount,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: input.taxBehavior ?? 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: input.recurring ? 'recurring' : 'one_time',
    unit_amount: input.unitAmount,
    unit_amount_decimal: String(input.unitAmount),
  };
  await ledger.insert({ id, type: 'price', data });
  ledger.emit('price.created', data);
  return data;
}

async function insertProduct(
  ledger: Ledger,
  input: { id?: string | undefined; name: string } & Omit<ProductInput, 'id' | 'name'>,
  at: number,
): Promise<ProductObject> {
  const id = input.id || newId(ID_PREFIX.product, 14);
  if (input.id && (await ledger.repositories.objects.find(input.id))) {
    throw invalidRequest(`Product already exists.`, {
      code: 'resource_already_exists',
      param: 'id',
    });
  }
  const data: ProductObject = {
    id,
    object: 'product',
    active: input.active ?? true,
    created: at,
    default_price: null,
    description: input.description || null,
    images: [],
    livemode: false,
    marketing_features: (input.marketingFeatures ?? []).map((name) => ({ name })),
    metadata: initialMetadata(input.metadata),
    name: input.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    updated: at,
    url: null,
  };
  await ledger.insert({ id, type: 'product', data });
  ledger.emit('product.created', data);
  return data;
}

/** Products and their prices; a price's amount, currency and interval never change. */
export function createCatalogService({ work, objects }: ServiceKit) {
  return {
    createProduct(input: ProductInput & { name: string }, request: RequestInfo) {
      return work(request, async (ledger) => {
        const at = await ledger.now(null);
        const product = await insertProduct(ledger, input, at);
        if (input.defaultPriceData) {
          const price = await insertPrice(ledger, product.id, input.defaultPriceData, at);
          const stored = await ledger.require<ProductObject>(product.id, 'product', 'product');
          stored.data.default_price = price.id;
          await ledger.save(stored);
          return stored.data;
        }
        return product;
      });
    },

    retrieveProduct: (id: string) => retrieveData<ProductObject>(objects, id, 'product', 'product'),

    updateProduct(id: string, input: ProductInput, request: RequestInfo) {
      return work(request, async (ledger) => {
        const product = await ledger.require<ProductObject>(id, 'product', 'product');
        const before = structuredClone(product.data);
        const { data } = product;
        if (input.name !== undefined) {
          if (input.name === '') {
            throw invalidRequest('A product needs a name.', { param: 'name' });
          }
          data.name = input.name;
        }
        if (input.description !== undefined) data.description = input.description || null;
        if (input.active !== undefined) data.active = input.active;
        if (input.marketingFeatures !== undefined) {
          data.marketing_features = input.marketingFeatures.map((name) => ({ name }));
        }
        data.metadata = mergeMetadata(data.metadata, input.metadata);
        if (input.defaultPrice !== undefined) {
          if (input.defaultPrice !== '') {
            const price = await ledger.require<PriceObject>(
              input.defaultPrice,
              'price',
              'price',
              'default_price',
            );
            if (price.data.product !== id) {
              throw invalidRequest('The default price must be one of the product’s prices.', {
                param: 'default_price',
              });
            }
          }
          data.default_price = input.defaultPrice || null;
        }
        data.updated = await ledger.now(null);
        await ledger.save(product);
        ledger.emitChange('product.updated', before, data);
        return data;
      });
    },

    listProducts(
      filter: { active?: boolean | undefined; ids?: string[] | undefined },
      page: PageParams,
    ) {
      const where: FieldFilter = {};
      if (filter.active !== undefined) where.active = filter.active;
      if (filter.ids) where.id = filter.ids;
      return objects.list<ProductObject>('product', { ...page, where });
    },

    createPrice(input: PriceInput, request: RequestInfo) {
      return work(request, async (ledger) => {
        const at = await ledger.now(null);
        let product = input.product;
        if (product) {
          const found = await ledger.require<ProductObject>(
            product,
            'product',
            'product',
            'product',
          );
          if (!found.data.active) {
            throw invalidRequest(
              `The product ${product} is archived; prices cannot be added to it.`,
              {
                param: 'product',
              },
            );
          }
        } else if (input.productData) {
          product = (await insertProduct(ledger, input.productData, at)).id;
        } else {
          throw invalidRequest(
            'You must specify either `product` or `product_data` when creating a price.',
            {
              code: 'parameter_missing',
              param: 'product',
            },
          );
        }
        return insertPrice(ledger, product, input, at);
      });
    },

    retrievePrice: (id: string) => retrieveData<PriceObject>(objects, id, 'price', 'price'),

    updatePrice(id: string, input: PriceUpdate, request: RequestInfo) {
      return work(request, async (ledger) => {
        const price = await ledger.require<PriceObject>(id, 'price', 'price');
        const before = structuredClone(price.data);
        const { data } = price;
        if (input.active !== undefined) data.active = input.active;
        if (input.nickname !== undefined) data.nickname = input.nickname || null;
        data.metadata = mergeMetadata(data.metadata, input.metadata);
        if (input.taxBehavior !== undefined) {
          if (data.tax_behavior !== 'unspecified' && data.tax_behavior !== input.taxBehavior) {
            throw invalidRequest('Tax behavior cannot be changed once it is specified.', {
              param: 'tax_behavior',
            });
          }
          data.tax_behavior = input.taxBehavior;
        }
        if (input.lookupKey !== undefined) {
          if (input.lookupKey) {
            await claimLookupKey(ledger, input.lookupKey, input.transferLookupKey, id);
          }
          data.lookup_key = input.lookupKey || null;
        }
        await ledger.save(price);
        ledger.emitChange('price.updated', before, data);
        return data;
      });
    },

    listPrices(
      filter: {
        active?: boolean | undefined;
        product?: string | undefined;
        currency?: string | undefined;
        type?: string | undefined;
        lookupKeys?: string[] | undefined;
        interval?: string | undefined;
      },
      page: PageParams,
    ) {
      const where: FieldFilter = {};
      if (filter.active !== undefined) where.active = filter.active;
      if (filter.product) where.product = filter.product;
      if (filter.currency) where.currency = filter.currency.toLowerCase();
      if (filter.type) where.type = filter.type;
      if (filter.lookupKeys) where.lookup_key = filter.lookupKeys;
      if (filter.interval) where['recurring.interval'] = filter.interval;
      return objects.list<PriceObject>('price', { ...page, where });
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
