import type { FastifyInstance } from 'fastify';
import { formatAmount } from '../../model/money';
import { formValue } from '@questa/http-kit';
import { formatDate, messagePage, sendPage, type PageContext } from '../../pages/layout';
import type { InvoiceService } from './invoice.service';
import { invoiceLines, invoicePage } from './invoice.views';
import { textPdf } from './pdf';

const invoiceId = /^in_[A-Za-z0-9]{1,40}$/;

/** The hosted invoice page (`hosted_invoice_url`) with a pay form while due, and its PDF. */
export function invoicePages(invoices: InvoiceService, context: PageContext, mountPath: string) {
  const notFound = messagePage({
    title: 'Invoice not found',
    lead: 'This invoice link is not valid.',
  });

  return async (app: FastifyInstance) => {
    app.get<{ Params: { id: string }; Querystring: { paid?: string } }>(
      '/invoices/:id',
      async (request, reply) => {
        const { id } = request.params;
        const page = invoiceId.test(id) ? await invoices.page(id) : undefined;
        if (!page) return sendPage(reply, context, 404, notFound);
        return sendPage(
          reply,
          context,
          200,
          invoicePage({
            page,
            accountName: context.accountName,
            pdfUrl: `${mountPath}/invoices/${id}/pdf`,
            payAction: `${mountPath}/invoices/${id}/pay`,
            errors: {},
            values: {},
            justPaid: request.query.paid === '1',
          }),
        );
      },
    );

    app.post<{ Params: { id: string } }>('/invoices/:id/pay', async (request, reply) => {
      const { id } = request.params;
      if (!invoiceId.test(id)) return sendPage(reply, context, 404, notFound);
      const body = request.body;
      const form = {
        name: formValue(body, 'name'),
        cardNumber: formValue(body, 'cardNumber'),
        expiry: formValue(body, 'expiry'),
        cvc: formValue(body, 'cvc'),
      };
      const result = await invoices.payWithCard(id, form);
      if (result.paid) return reply.redirect(`${mountPath}/invoices/${id}?paid=1`, 303);
      const page = await invoices.page(id);
      if (!page) return sendPage(reply, context, 404, notFound);
      return sendPage(
        reply,
        context,
        result.declined ? 402 : 400,
        invoicePage({
          page,
          accountName: context.accountName,
          pdfUrl: `${mountPath}/invoices/${id}/pdf`,
          payAction: `${mountPath}/invoices/${id}/pay`,
          errors: result.errors,
          values: { name: form.name, expiry: form.expiry },
          declined: result.declined,
        }),
      );
    });

    app.get<{ Params: { id: string } }>('/invoices/:id/pdf', async (request, reply) => {
      const { id } = request.params;
      const page = invoiceId.test(id) ? await invoices.page(id) : undefined;
      if (!page) return sendPage(reply, context, 404, notFound);
      const { invoice } = page;
      const pdf = textPdf(`${context.accountName} - Invoice ${invoice.number}`, [
        'SANDBOX - no real payment.',
        '',
        `Date: ${formatDate(invoice.created)}`,
        `Billed to: ${page.customer?.email ?? page.customer?.name ?? invoice.customer}`,
        `Status: ${invoice.status}`,
        '',
        ...invoiceLines(page).map((line) => `${line.label}: ${line.amount}`),
        '',
        `Amount remaining: ${formatAmount(invoice.amount_remaining, invoice.currency)}`,
      ]);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="invoice-${invoice.number}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    });
  };
}
