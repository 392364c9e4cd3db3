import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignment,
  assignmentInput,
  assignmentList,
  assignmentStart,
  classParams,
  assignmentAnalysis,
  assignmentParams,
  learnerAssignmentParams,
  regrade,
  regradeRequest,
  todoList,
} from '@questa/contracts';
import type { AnalysisService } from './analysis.service';
import type { AssignmentService } from './assignment.service';
import type { RegradeService } from './regrade.service';

const tags = ['classes'];
const base = '/teaching/clients/:clientId/classes/:classId/assignments';

export const assignmentRoutes: FastifyPluginAsyncZod<{
  assignments: AssignmentService;
  regrades: RegradeService;
  analysis: AnalysisService;
}> = async (app, { assignments, regrades, analysis }) => {
  app.post(
    base,
    {
      config: {
        permission: 'class:manage',
        problems: { 'class.archived': 'the class is archived and takes no new assignments.' },
      },
      schema: {
        summary: 'Give the class a practice set or an exam; its questions are pinned now',
        description:
          'The bank must be one of the workspace’s (404 otherwise). A practice set pins ' +
          '`questionCount` published questions drawn at random; an exam pins a draw by the ' +
          'blueprint. Every learner answers the same versions, whatever changes later.',
        tags,
        params: classParams,
        body: assignmentInput,
        response: { 201: assignment },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await assignments.give(request.auth!, request.params, request.body, request.id)),
  );

  app.get(
    base,
    {
      config: { permission: 'class:manage' },
      schema: {
        summary: 'A class’s assignments, due soonest first',
        tags,
        params: classParams,
        response: { 200: assignmentList },
      },
    },
    (request) => assignments.list(request.auth!, request.params, request.id),
  );

  app.get(
    '/todo',
    {
      config: { permission: 'learning:use' },
      schema: {
        summary: 'The signed-in learner’s assignments: To do (overdue first) and Done',
        tags,
        response: { 200: todoList },
      },
    },
    (request) => assignments.todo(request.auth!.user),
  );

  app.post(
    '/assignments/:assignmentId/start',
    {
      config: {
        permission: 'learning:use',
        problems: {
          'assignment.not_open':
            'the assignment opens later, or was due and its late policy refuses late work.',
          'assignment.attempts_used': 'every attempt the assignment allows is used.',
        },
      },
      schema: {
        summary: 'Start the next attempt at an assignment, or get the one still open',
        description:
          'Answers with the practice session or exam attempt to continue in, which the ' +
          'ordinary practice and exam routes then serve.',
        tags,
        params: learnerAssignmentParams,
        response: { 200: assignmentStart },
      },
    },
    (request) => assignments.start(request.auth!.user, request.params.assignmentId),
  );

  app.post(
    `${base}/:assignmentId/regrade`,
    {
      config: { permission: 'class:manage' },
      schema: {
        summary: 'Regrade an assignment after one of its questions was corrected',
        description:
          'The pinned question moves to the version now published; every answer given to it in ' +
          'the assignment is graded again and the scores recomputed. Answers graded by a person ' +
          'keep their grade. The answer names whose best score changed.',
        tags,
        params: assignmentParams,
        body: regradeRequest,
        response: { 200: regrade },
      },
    },
    (request) =>
      regrades.regrade(request.auth!, request.params, request.body.questionId, request.id),
  );

  app.get(
    `${base}/:assignmentId/analysis`,
    {
      config: { permission: 'class:manage' },
      schema: {
        summary: 'How the class did on each question of an assignment',
        description:
          'Per pinned question: graded answers from the class’s learners, facility (mean ' +
          'score), the wrong answers given most, and the median seconds to answer in practice.',
        tags,
        params: assignmentParams,
        response: { 200: assignmentAnalysis },
      },
    },
    (request) => analysis.analyse(request.auth!, request.params, request.id),
  );
};
