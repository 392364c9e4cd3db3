import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientParams,
  createdCredential,
  credentialInput,
  credentialList,
  credentialParams,
} from '@questa/contracts';
import { requireSession } from '../auth/guards';
import type { CredentialService } from './credential.service';

export const credentialRoutes: FastifyPluginAsyncZod<{ credentials: CredentialService }> = async (
  app,
  { credentials },
) => {
  app.get(
    '/clients/:clientId/credentials',
    {
      config: { permission: 'credential:manage' },
      schema: {
        summary: 'The tenant’s API keys, revoked ones included; never their secrets',
        tags: ['credentials'],
        params: clientParams,
        response: { 200: credentialList },
      },
    },
    (request) => credentials.list(request.params.clientId),
  );

  app.post(
    '/clients/:clientId/credentials',
    {
      config: { permission: 'credential:manage' },
      schema: {
        summary: 'Create an API key; its secret is shown in this answer only',
        tags: ['credentials'],
        params: clientParams,
        body: credentialInput,
        response: { 201: createdCredential },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      const created = await credentials.create(clientId, request.body.scopes);
      request.log.info(
        {
          audit: 'credential.created',
          actor: requireSession(request, reply).sub,
          clientId,
          credentialId: created.id,
          scopes: created.scopes,
        },
        'credential created',
      );
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/clients/:clientId/credentials/:credentialId',
    {
      config: { permission: 'credential:manage' },
      schema: {
        summary: 'Revoke an API key; it stops working at once',
        tags: ['credentials'],
        params: credentialParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { clientId, credentialId } = request.params;
      await credentials.revoke(clientId, credentialId);
      request.log.info(
        {
          audit: 'credential.revoked',
          actor: requireSession(request, reply).sub,
          clientId,
          credentialId,
        },
        'credential revoked',
      );
      return reply.code(204).send(null);
    },
  );
};
