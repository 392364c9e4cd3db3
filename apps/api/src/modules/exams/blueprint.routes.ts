import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankParams,
  blueprint,
  blueprintInput,
  blueprintList,
  blueprintParams,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { CatalogService } from '../catalog/catalog.service';
import type { BlueprintService } from './blueprint.service';

const tags = ['authoring'];
const base = '/authoring/clients/:clientId/banks/:bankId/blueprints';

/** Blueprints as a tenant's authors define them; the access plugin checks the tenant role. */
export const blueprintRoutes: FastifyPluginAsyncZod<{
  blueprints: BlueprintService;
  catalog: CatalogService;
}> = async (app, { blueprints, catalog }) => {
  app.get(
    base,
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'A bank’s exam blueprints, with the built-in default when the bank is listed',
        tags,
        params: bankParams,
        response: { 200: blueprintList },
      },
    },
    async (request) => {
      const { clientId, bankId } = request.params;
      // Private banks are not in the catalog and have no default exam for learners.
      const bank = await catalog.bank(bankId, request.id).catch((error: unknown) => {
        if (error instanceof HttpProblem && error.code === 'not_found') return undefined;
        throw error;
      });
      return { blueprints: await blueprints.listForAuthor(clientId, bankId, bank) };
    },
  );

  app.post(
    base,
    {
      config: { permission: 'question:write' },
      schema: {
        summary: 'Define an exam blueprint',
        tags,
        params: bankParams,
        body: blueprintInput,
        response: { 201: blueprint },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await blueprints.create(request.auth!, request.params, request.body, request.id)),
  );

  app.put(
    `${base}/:blueprintId`,
    {
      config: { permission: 'question:write' },
      schema: {
        summary: 'Change an exam blueprint (attempts already started keep theirs)',
        tags,
        params: blueprintParams,
        body: blueprintInput,
        response: { 200: blueprint },
      },
    },
    (request) =>
      blueprints.update(
        request.auth!,
        request.params,
        request.params.blueprintId,
        request.body,
        request.id,
      ),
  );

  app.delete(
    `${base}/:blueprintId`,
    {
      config: { permission: 'question:write' },
      schema: { summary: 'Delete an exam blueprint', tags, params: blueprintParams },
    },
    async (request, reply) => {
      await blueprints.remove(
        request.params.clientId,
        request.params.bankId,
        request.params.blueprintId,
      );
      return reply.code(204).send();
    },
  );
};
