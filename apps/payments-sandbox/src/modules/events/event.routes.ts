import type { FastifyInstance } from 'fastify';
import type { DeliveryRepository } from '../../store/delivery.repository';
import type { EventRepository } from '../../store/event.repository';
import { resourceMissing } from '../../wire/errors';
import { idParam, type RouteKit } from '../route-kit';

/** Events, as a receiver that missed a delivery reads them back: list and retrieve. */
export function eventRoutes(
  events: EventRepository,
  deliveries: DeliveryRepository,
  kit: RouteKit,
) {
  return async (app: FastifyInstance) => {
    app.get('/events/:id', async (request) => {
      const { params, expand } = kit.read(request);
      params.done();
      const event = await events.find(idParam(request));
      if (!event) throw resourceMissing('event', idParam(request));
      return kit.respond(
        { ...event, pending_webhooks: await deliveries.pendingCount(event.id) },
        expand,
      );
    });

    app.get('/events', async (request) => {
      const { params, expand } = kit.read(request);
      const page = kit.page(params);
      const type = params.string('type');
      const types = params.strings('types');
      params.bool('delivery_success');
      params.done();
      return kit.list(
        '/v1/events',
        await events.list({ ...page, types: types ?? (type ? [type] : undefined) }),
        expand,
      );
    });
  };
}
