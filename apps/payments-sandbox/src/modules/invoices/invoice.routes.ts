import type { FastifyInstance } from 'fastify';
import { requestInfo } from '../../wire/api-edge';
import { idParam, type RouteKit } from '../route-kit';
import type { InvoiceService } from './invoice.service';

const STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;

/** Invoices: list, retrieve, lines, pay, the next renewal's preview, and their payments. */
export function invoiceRoutes(invoices: InvoiceService, kit: RouteKit) {
  return async (app: FastifyInstance) => {
    app.get('/invoices', async (request) => {
      const { params, expand } = kit.read(request);
      const page = kit.page(params);
      const filter = {
        customer: params.string('customer'),
        subscription: params.string('subscription'),
        status: params.enum('status', STATUSES),
      };
      params.enum('collection_method', ['charge_automatically', 'send_invoice'] as const);
      params.done();
      return kit.list('/v1/invoices', await invoices.list(filter, page), expand);
    });

    app.post('/invoices/create_preview', async (request) => {
      const { params, expand } = kit.read(request);
      const input = {
        customer: params.string('customer'),
        subscription: params.string('subscription', { required: true })!,
      };
      params.done();
      return kit.respond(await invoices.preview(input), expand);
    });

    app.get('/invoices/:id', async (request) => {
      const { params, expand } = kit.read(request);
      params.done();
      return kit.respond(await invoices.retrieve(idParam(request)), expand);
    });

    app.get('/invoices/:id/lines', async (request) => {
      const { params, expand } = kit.read(request);
      kit.page(params);
      params.done();
      return kit.respond(await invoices.lines(idParam(request)), expand);
    });

    app.post('/invoices/:id/pay', async (request) => {
      const { params, expand } = kit.read(request);
      params.bool('off_session');
      params.done();
      return kit.respond(await invoices.pay(idParam(request), requestInfo(request)), expand);
    });

    app.get('/invoice_payments', async (request) => {
      const { params, expand } = kit.read(request);
      const page = kit.page(params);
      const filter = { invoice: params.string('invoice') };
      params.done();
      return kit.list('/v1/invoice_payments', await invoices.listPayments(filter, page), expand);
    });

    app.get('/invoice_payments/:id', async (request) => {
      const { params, expand } = kit.read(request);
      params.done();
      return kit.respond(await invoices.retrievePayment(idParam(request)), expand);
    });
  };
}
