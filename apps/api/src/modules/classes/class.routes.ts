import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  classInput,
  classMemberParams,
  classParams,
  classRoster,
  joinRequest,
  learnerClass,
  learnerClassList,
  teachingClass,
  teachingClassList,
  teachingParams,
} from '@questa/contracts';
import type { ClassService } from './class.service';

const tags = ['classes'];
const base = '/teaching/clients/:clientId/classes';

/**
 * Classes: a teacher's side under `/teaching/clients/:clientId` (the access plugin checks
 * `class:manage` in that workspace), a learner's under `/classes`.
 */
export const classRoutes: FastifyPluginAsyncZod<{ classes: ClassService }> = async (
  app,
  { classes },
) => {
  app.post(
    base,
    {
      config: { permission: 'class:manage' },
      schema: {
        summary: 'Create a class in the workspace, with a new join code',
        tags,
        params: teachingParams,
        body: classInput,
        response: { 201: teachingClass },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await classes.create(request.auth!, request.params.clientId, request.body)),
  );

  app.get(
    base,
    {
      config: { permission: 'class:manage' },
      schema: {
        summary: 'The workspace’s classes: a teacher’s own, or all of them for an owner',
        tags,
        params: teachingParams,
        response: { 200: teachingClassList },
      },
    },
    (request) => classes.list(request.auth!, request.params.clientId, request.id),
  );

  app.get(
    `${base}/:classId`,
    {
      config: { permission: 'class:manage' },
      schema: {
        summary: 'A class and its learners',
        tags,
        params: classParams,
        response: { 200: classRoster },
      },
    },
    (request) =>
      classes.roster(request.auth!, request.params.clientId, request.params.classId, request.id),
  );

  app.post(
    `${base}/:classId/archive`,
    {
      config: { permission: 'class:manage' },
      schema: {
        summary: 'Archive a class: no one joins, no assignment is given, results stay readable',
        tags,
        params: classParams,
        response: { 200: teachingClass },
      },
    },
    (request) =>
      classes.archive(request.auth!, request.params.clientId, request.params.classId, request.id),
  );

  app.delete(
    `${base}/:classId/learners/:userId`,
    {
      config: { permission: 'class:manage' },
      schema: {
        summary: 'Remove a learner from a class (their past results stay with the assignments)',
        tags,
        params: classMemberParams,
      },
    },
    async (request, reply) => {
      await classes.removeLearner(request.auth!, request.params, request.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/classes/join',
    {
      config: {
        permission: 'learning:use',
        problems: {
          'class.archived': 'the class is archived and takes no new learners.',
          'class.full': 'the class has as many learners as a class takes.',
        },
      },
      schema: {
        summary: 'Join a class with its code',
        tags,
        body: joinRequest,
        response: { 200: learnerClass },
      },
    },
    (request) => classes.join(request.auth!.user, request.body.code),
  );

  app.get(
    '/classes',
    {
      config: { permission: 'learning:use' },
      schema: {
        summary: 'The classes the signed-in learner is in',
        tags,
        response: { 200: learnerClassList },
      },
    },
    (request) => classes.mine(request.auth!.user),
  );
};
