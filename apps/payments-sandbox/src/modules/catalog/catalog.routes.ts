import type { FastifyInstance } from 'fastify';
import { requestInfo } from '../../wire/api-edge';
import type { Params } from '../../wire/params';
import { idParam, type RouteKit } from '../route-kit';
import type { CatalogService, PriceData } from './catalog.service';

const INTERVALS = ['day', 'week', 'month', 'year'] as const;
const TAX_BEHAVIORS = ['inclusive', 'exclusive', 'unspecified'] as const;

const currencyOf = (params: Params, required = true) =>
  params.string('currency', { required })?.toLowerCase();

function recurringOf(params: Params) {
  const recurring = params.object('recurring');
  if (!recurring) return undefined;
  const value = {
    interval: recurring.enum('interval', INTERVALS, { required: true })!,
    intervalCount: recurring.int('interval_count', { min: 1 }) ?? 1,
  };
  recurring.enum('usage_type', ['licensed'] as const);
  return value;
}

function priceData(params: Params): PriceData {
  return {
    currency: currencyOf(params)!,
    unitAmount: params.int('unit_amount', { required: true, min: 0, max: 99_999_999 })!,
    recurring: recurringOf(params),
  };
}

/** Products and prices. Updating a price's amount is refused as Stripe refuses it: unknown. */
export function catalogRoutes(catalog: CatalogService, kit: RouteKit) {
  return async (app: FastifyInstance) => {
    app.post('/products', async (request) => {
      const { params, expand } = kit.read(request);
      const defaultPriceData = params.object('default_price_data');
      const input = {
        id: params.string('id', { maxLength: 100 }),
        name: params.string('name', { required: true, maxLength: 250 })!,
        description: params.string('description'),
        active: params.bool('active'),
        metadata: params.metadata(),
        marketingFeatures: params
          .list('marketing_features')
          ?.map((feature) => feature.string('name', { required: true, maxLength: 80 })!),
        defaultPriceData: defaultPriceData && priceData(defaultPriceData),
      };
      params.done();
      return kit.respond(await catalog.createProduct(input, requestInfo(request)), expand);
    });

    app.get('/products/:id', async (request) => {
      const { params, expand } = kit.read(request);
      params.done();
      return kit.respond(await catalog.retrieveProduct(idParam(request)), expand);
    });

    app.post('/products/:id', async (request) => {
      const { params, expand } = kit.read(request);
      const input = {
        name: params.string('name', { maxLength: 250 }),
        description: params.string('description'),
        active: params.bool('active'),
        metadata: params.metadata(),
        marketingFeatures: params
          .list('marketing_features')
          ?.map((feature) => feature.string('name', { required: true, maxLength: 80 })!),
        defaultPrice: params.string('default_price'),
      };
      params.done();
      return kit.respond(
        await catalog.updateProduct(idParam(request), input, requestInfo(request)),
        expand,
      );
    });

    app.get('/products', async (request) => {
      const { params, expand } = kit.read(request);
      const page = kit.page(params);
      const filter = { active: params.bool('active'), ids: params.strings('ids') };
      params.done();
      return kit.list('/v1/products', await catalog.listProducts(filter, page), expand);
    });

    app.post('/prices', async (request) => {
      const { params, expand } = kit.read(request);
      const productData = params.object('product_data');
      const input = {
        ...priceData(params),
        product: params.string('product'),
        productData: productData && {
          name: productData.string('name', { required: true, maxLength: 250 })!,
          metadata: productData.metadata(),
        },
        nickname: params.string('nickname'),
        lookupKey: params.string('lookup_key', { maxLength: 200 }),
        transferLookupKey: params.bool('transfer_lookup_key'),
        metadata: params.metadata(),
        active: params.bool('active'),
        taxBehavior: params.enum('tax_behavior', TAX_BEHAVIORS),
      };
      params.done();
      return kit.respond(await catalog.createPrice(input, requestInfo(request)), expand);
    });

    app.get('/prices/:id', async (request) => {
      const { params, expand } = kit.read(request);
      params.done();
      return kit.respond(await catalog.retrievePrice(idParam(request)), expand);
    });

    app.post('/prices/:id', async (request) => {
      const { params, expand } = kit.read(request);
      const input = {
        active: params.bool('active'),
        nickname: params.string('nickname'),
        metadata: params.metadata(),
        lookupKey: params.string('lookup_key', { maxLength: 200 }),
        transferLookupKey: params.bool('transfer_lookup_key'),
        taxBehavior: params.enum('tax_behavior', TAX_BEHAVIORS),
      };
      params.done();
      return kit.respond(
        await catalog.updatePrice(idParam(request), input, requestInfo(request)),
        expand,
      );
    });

    app.get('/prices', async (request) => {
      const { params, expand } = kit.read(request);
      const page = kit.page(params);
      const recurring = params.object('recurring');
      const filter = {
        active: params.bool('active'),
        product: params.string('product'),
        currency: params.string('currency'),
        type: params.enum('type', ['one_time', 'recurring'] as const),
        lookupKeys: params.strings('lookup_keys'),
        interval: recurring?.enum('interval', INTERVALS),
      };
      params.done();
      return kit.list('/v1/prices', await catalog.listPrices(filter, page), expand);
    });
  };
}
