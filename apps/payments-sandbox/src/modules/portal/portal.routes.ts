import type { FastifyInstance } from 'fastify';
import { requestInfo } from '../../wire/api-edge';
import type { RouteKit } from '../route-kit';
import type { PortalService } from './portal.service';

/** `billing_portal.sessions.create`: a link to the hosted customer portal. */
export function portalRoutes(portal: PortalService, kit: RouteKit) {
  return async (app: FastifyInstance) => {
    app.post('/billing_portal/sessions', async (request) => {
      const { params, expand } = kit.read(request);
      const input = {
        customer: params.string('customer', { required: true })!,
        returnUrl: params.string('return_url', { maxLength: 5000 }),
        configuration: params.string('configuration'),
        locale: params.string('locale'),
      };
      params.done();
      return kit.respond(await portal.create(input, requestInfo(request)), expand);
    });
  };
}
