import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classLiveRoomList, classParams, liveRoomCreate, liveRoomSummary } from '@questa/contracts';
import type { ClassLiveService } from './class-live.service';

const tags = ['classes', 'live'];

/**
 * A class's live rooms: opened by its teacher under `/teaching/clients/:clientId` (the access
 * plugin checks `class:manage` in that workspace), listed for its learners under `/classes`.
 */
export const classLiveRoutes: FastifyPluginAsyncZod<{ classLive: ClassLiveService }> = async (
  app,
  { classLive },
) => {
  app.post(
    '/teaching/clients/:clientId/classes/:classId/live-rooms',
    {
      config: {
        permission: 'class:manage',
        problems: {
          not_found:
            'no such class of the workspace that you teach (or own), or the bank is not one you may use.',
          'class.archived': 'the class is archived and plays no new live rooms.',
          'payment.required': 'the bank is premium and you have no premium.',
          'validation.failed':
            'the bank has no question a live room can ask, or questions picked by hand cannot be asked.',
        },
      },
      schema: {
        summary: 'Open a live room for the class: only its learners join, results in its gradebook',
        description:
          'The body is the one of `POST /rooms`. The class’s learners see the room under `GET /classes/live-rooms` and join it with their accounts, named by their display name; nobody else joins, guests neither. Once finished, the room is a column of the class’s gradebook.',
        tags,
        params: classParams,
        body: liveRoomCreate,
        response: { 201: liveRoomSummary },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await classLive.open(request.auth!, request.params, request.body, request.id)),
  );

  app.get(
    '/classes/live-rooms',
    {
      config: { permission: 'learning:use' },
      schema: {
        summary: 'Live rooms open now for the classes the signed-in learner is in',
        tags,
        response: { 200: classLiveRoomList },
      },
    },
    (request) => classLive.openForLearner(request.auth!.user),
  );
};
