import type { FastifyInstance } from 'fastify';
import { requestInfo } from '../../wire/api-edge';
import { readSearchPage } from '../../wire/list';
import type { Params } from '../../wire/params';
import { idParam, type RouteKit } from '../route-kit';
import type { CustomerInput, CustomerService } from './customer.service';

function customerInput(params: Params): CustomerInput {
  return {
    email: params.string('email', { maxLength: 512 }),
    name: params.string('name', { maxLength: 256 }),
    description: params.string('description', { maxLength: 350 }),
    phone: params.string('phone', { maxLength: 20 }),
    metadata: params.metadata(),
    balance: params.int('balance'),
  };
}

/** Customers: create, retrieve, update, delete, list and search. */
export function customerRoutes(customers: CustomerService, kit: RouteKit) {
  return async (app: FastifyInstance) => {
    app.post('/customers', async (request) => {
      const { params, expand } = kit.read(request);
      const input = { ...customerInput(params), testClock: params.string('test_clock') };
      params.done();
      return kit.respond(await customers.create(input, requestInfo(request)), expand);
    });

    // A static path, which the router tries before `/customers/:id` would take `search` for an id.
    app.get('/customers/search', async (request) => {
      const { params, expand } = kit.read(request);
      const query = params.string('query', { required: true })!;
      const page = readSearchPage(params);
      params.done();
      return kit.respond(await customers.search(query, page), expand);
    });

    app.get('/customers/:id', async (request) => {
      const { params, expand } = kit.read(request);
      params.done();
      return kit.respond(await customers.retrieve(idParam(request)), expand);
    });

    app.post('/customers/:id', async (request) => {
      const { params, expand } = kit.read(request);
      const input = customerInput(params);
      const settings = params.object('invoice_settings');
      input.defaultPaymentMethod = settings?.string('default_payment_method');
      params.done();
      return kit.respond(
        await customers.update(idParam(request), input, requestInfo(request)),
        expand,
      );
    });

    app.delete('/customers/:id', async (request) => {
      const { params } = kit.read(request);
      params.done();
      return customers.del(idParam(request), requestInfo(request));
    });

    app.get('/customers', async (request) => {
      const { params, expand } = kit.read(request);
      const page = kit.page(params);
      const filter = { email: params.string('email'), testClock: params.string('test_clock') };
      params.done();
      return kit.list('/v1/customers', await customers.list(filter, page), expand);
    });
  };
}
