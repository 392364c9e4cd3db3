import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientParams, peopleQuery, personList } from '@questa/contracts';
import type { PeopleService } from './people.service';

/** For a tenant's members: the access plugin checks the caller's role in `:clientId`. */
export const peopleRoutes: FastifyPluginAsyncZod<{ people: PeopleService }> = async (
  app,
  { people },
) => {
  app.get(
    '/authoring/clients/:clientId/people',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'Display names of members of a tenant',
        description:
          'Names the people a tenant’s records point at, such as the authors of question versions. ' +
          'Only members of the tenant are named; anyone else asked about is left out of the answer.',
        tags: ['authoring'],
        params: clientParams,
        querystring: peopleQuery,
        response: { 200: personList },
      },
    },
    (request) =>
      people.inTenant(request.auth!, request.params.clientId, request.query.ids, request.id),
  );
};
