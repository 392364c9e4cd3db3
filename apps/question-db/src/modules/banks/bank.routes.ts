import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  bank,
  bankInput,
  bankParams,
  bankUpdate,
  clientParams,
  cursorQuery,
  tenantBankList,
} from '@questa/contracts';
import { requireSession } from '../auth/guards';
import type { BankService } from './bank.service';

// bankUpdate is bankInput made partial, and zod fills a field's default even inside a partial,
// so a PATCH naming only the title would reset the language, visibility and tags. The fields the
// caller actually sent are noted before validation and only those are changed.
const sentFields = new WeakMap<FastifyRequest, ReadonlySet<string>>();

function onlySent<T extends object>(request: FastifyRequest, body: T): Partial<T> {
  const sent = sentFields.get(request) ?? new Set<string>();
  return Object.fromEntries(Object.entries(body).filter(([key]) => sent.has(key))) as Partial<T>;
}

export const bankRoutes: FastifyPluginAsyncZod<{ banks: BankService }> = async (app, { banks }) => {
  app.get(
    '/clients/:clientId/banks',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'The tenant’s banks, a page at a time',
        tags: ['banks'],
        params: clientParams,
        querystring: cursorQuery,
        response: { 200: tenantBankList },
      },
    },
    (request, reply) =>
      banks.listForTenant(requireSession(request, reply), request.params.clientId, request.query),
  );

  app.post(
    '/clients/:clientId/banks',
    {
      config: { permission: 'question:write' },
      schema: {
        summary: 'Create a bank; its slug is unique within the tenant',
        tags: ['banks'],
        params: clientParams,
        body: bankInput,
        response: { 201: bank },
      },
    },
    async (request, reply) => {
      const created = await banks.create(
        requireSession(request, reply),
        request.params.clientId,
        request.body,
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/clients/:clientId/banks/:bankId',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'One bank of the tenant, with how many questions it holds, drafts included',
        tags: ['banks'],
        params: bankParams,
        response: { 200: bank },
      },
    },
    (request, reply) =>
      banks.get(requireSession(request, reply), request.params.clientId, request.params.bankId),
  );

  app.patch(
    '/clients/:clientId/banks/:bankId',
    {
      config: { permission: 'question:write' },
      schema: {
        summary: 'Change some of a bank’s fields; those not sent stay as they are',
        tags: ['banks'],
        params: bankParams,
        body: bankUpdate,
        response: { 200: bank },
      },
      preValidation: (request, _reply, done) => {
        const body = request.body;
        if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
          sentFields.set(request, new Set(Object.keys(body)));
        }
        done();
      },
    },
    (request, reply) =>
      banks.update(
        requireSession(request, reply),
        request.params.clientId,
        request.params.bankId,
        onlySent(request, request.body),
      ),
  );

  const archiveRoute = (action: 'archive' | 'restore') =>
    app.post(
      `/clients/:clientId/banks/:bankId/${action}`,
      {
        config: { permission: 'question:write' },
        schema: {
          summary:
            action === 'archive'
              ? 'Archive a bank: kept with its questions, left out of the catalog and new draws'
              : 'Restore an archived bank to the catalog and to draws',
          description:
            'Archiving an archived bank, or restoring one that is not, changes nothing and succeeds.',
          tags: ['banks'],
          params: bankParams,
          response: { 200: bank },
        },
      },
      async (request, reply) => {
        const principal = requireSession(request, reply);
        const { clientId, bankId } = request.params;
        const changed = await banks.setArchived(principal, clientId, bankId, action === 'archive');
        request.log.info({
          audit: action === 'archive' ? 'bank.archived' : 'bank.restored',
          actor: principal.sub,
          clientId,
          bankId,
        });
        return changed;
      },
    );
  archiveRoute('archive');
  archiveRoute('restore');

  app.delete(
    '/clients/:clientId/banks/:bankId',
    {
      config: {
        permission: 'question:write',
        problems: {
          'bank.has_published':
            'a question of the bank was published and may have been answered; archive it instead.',
        },
      },
      schema: {
        summary: 'Delete a bank whose questions were never published, with those drafts',
        description:
          'Its draft questions and their versions are deleted with it. A bank with a question ' +
          'that was ever published is refused with 409 bank.has_published: archive it instead.',
        tags: ['banks'],
        params: bankParams,
        response: { 204: z.null().meta({ description: 'The bank and its drafts are gone.' }) },
      },
    },
    async (request, reply) => {
      const principal = requireSession(request, reply);
      const { clientId, bankId } = request.params;
      await banks.remove(principal, clientId, bankId);
      request.log.info({ audit: 'bank.deleted', actor: principal.sub, clientId, bankId });
      return reply.code(204).send(null);
    },
  );
};
