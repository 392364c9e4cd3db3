import type { FastifyInstance } from 'fastify';
import { requestInfo } from '../../wire/api-edge';
import { idParam, type RouteKit } from '../route-kit';
import type { TestClockService } from './test-clock.service';

/** `test_helpers.test_clocks`: create, retrieve, list, advance, delete. */
export function testClockRoutes(clocks: TestClockService, kit: RouteKit) {
  return async (app: FastifyInstance) => {
    app.post('/test_helpers/test_clocks', async (request) => {
      const { params, expand } = kit.read(request);
      const input = {
        frozenTime: params.int('frozen_time', { required: true, min: 0 })!,
        name: params.string('name', { maxLength: 300 }),
      };
      params.done();
      return kit.respond(await clocks.create(input, requestInfo(request)), expand);
    });

    app.get('/test_helpers/test_clocks/:id', async (request) => {
      const { params, expand } = kit.read(request);
      params.done();
      return kit.respond(await clocks.retrieve(idParam(request)), expand);
    });

    app.get('/test_helpers/test_clocks', async (request) => {
      const { params, expand } = kit.read(request);
      const page = kit.page(params);
      params.done();
      return kit.list('/v1/test_helpers/test_clocks', await clocks.list(page), expand);
    });

    app.post('/test_helpers/test_clocks/:id/advance', async (request) => {
      const { params, expand } = kit.read(request);
      const frozenTime = params.int('frozen_time', { required: true, min: 0 })!;
      params.done();
      return kit.respond(
        await clocks.advance(idParam(request), frozenTime, requestInfo(request)),
        expand,
      );
    });

    app.delete('/test_helpers/test_clocks/:id', async (request) => {
      const { params } = kit.read(request);
      params.done();
      return clocks.del(idParam(request), requestInfo(request));
    });
  };
}
