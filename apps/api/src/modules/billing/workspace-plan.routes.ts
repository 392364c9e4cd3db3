import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  checkoutReturn,
  type ProblemCode,
  seatChange,
  seatChangePreview,
  seatChangeQuery,
  workspaceCancel,
  workspaceCheckout,
  workspaceCheckoutCreate,
  workspaceInvoiceList,
  workspacePlan,
  workspacePlanParams,
} from '@questa/contracts';
import type { WorkspaceActor, WorkspacePlanService } from './workspace-plan.service';

const base = '/workspaces/:clientId/plan';

/** What every route here shares: owners only, in the workspace the path names. */
const forOwners = (problems?: Partial<Record<ProblemCode, string>>) => ({
  permission: 'workspace_plan:manage' as const,
  ...(problems && { problems }),
});
const inWorkspace = { tags: ['workspace plan'], params: workspacePlanParams };

const actor = (request: FastifyRequest<{ Params: { clientId: string } }>): WorkspaceActor => ({
  context: request.auth!,
  clientId: request.params.clientId,
  requestId: request.id,
  ip: request.ip,
});

/**
 * A workspace's plan, for its owners only: the access plugin checks `workspace_plan:manage`
 * against the caller's role in `:clientId`, so a member of another role, or of another
 * workspace, is refused before any of this runs.
 */
export const workspacePlanRoutes: FastifyPluginAsyncZod<{
  workspacePlans: WorkspacePlanService;
}> = async (app, { workspacePlans }) => {
  const unavailable = 'the payment partner or the question database is not answering.';

  app.get(
    base,
    {
      config: forOwners({ unavailable }),
      schema: {
        summary: 'The workspace’s plan: free or paid, seats paid and seats used',
        description:
          'The contract the free limits read: `kind` is `paid` while the subscription is ' +
          'trialing, active or past due, and `seats` is then the number of members paid for; ' +
          'on `free` the free limits apply and `seats` is null. `seatsUsed` counts the ' +
          'workspace’s members now. Seat prices on sale come along, to start a paid plan.',
        ...inWorkspace,
        response: { 200: workspacePlan },
      },
    },
    (request) => workspacePlans.read(actor(request)),
  );

  app.post(
    `${base}/checkout`,
    {
      config: forOwners({
        'validation.failed': 'the price is not a workspace seat price on sale.',
        'workspace_plan.below_seats_used': 'fewer seats than the workspace has members.',
        'workspace_plan.already_paid': 'the workspace already pays; change its seats instead.',
        unavailable,
      }),
      schema: {
        summary: 'Start a checkout of N seats at the payment partner’s hosted page',
        description:
          'Answers with the partner’s page to send the browser to. A workspace has one checkout ' +
          'at a time: asking again with the same price and seats answers with the same one; ' +
          'other seats close the first and open another.',
        ...inWorkspace,
        body: workspaceCheckoutCreate,
        response: { 201: workspaceCheckout },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await workspacePlans.startCheckout(actor(request), request.body)),
  );

  app.post(
    `${base}/checkout/return`,
    {
      config: forOwners({
        not_found: 'the workspace has no checkout under that session id.',
        unavailable,
      }),
      schema: {
        summary: 'Apply the checkout just paid, on the owner’s return from the partner’s page',
        description:
          'Reads the session and its subscription from the partner and applies them as the ' +
          'webhooks would; asking again, or the webhooks arriving before or after, changes ' +
          'nothing more. A session of another workspace answers `not_found`.',
        ...inWorkspace,
        body: checkoutReturn,
        response: { 200: workspacePlan },
      },
    },
    (request) => workspacePlans.applyReturn(actor(request), request.body.sessionId),
  );

  app.get(
    `${base}/seats/preview`,
    {
      config: forOwners({
        not_found: 'the workspace has no paid plan.',
        'workspace_plan.below_seats_used': 'fewer seats than the workspace has members.',
        unavailable,
      }),
      schema: {
        summary: 'What a change of seats would charge now',
        description:
          'Computed from the seat’s price and the share of the period left, as the partner ' +
          'prorates: the new seats’ remaining time less the old seats’ unused time. Nothing ' +
          'changes until `PUT …/seats`.',
        ...inWorkspace,
        querystring: seatChangeQuery,
        response: { 200: seatChangePreview },
      },
    },
    (request) => workspacePlans.preview(actor(request), request.query.seats),
  );

  app.put(
    `${base}/seats`,
    {
      config: forOwners({
        not_found: 'the workspace has no paid plan.',
        'workspace_plan.below_seats_used': 'fewer seats than the workspace has members.',
        unavailable,
      }),
      schema: {
        summary: 'Change the number of seats, prorated and charged at once',
        description:
          'The partner credits the unused time of the old seats and charges the rest of the ' +
          'period for the new ones on an invoice made now. Never fewer seats than members.',
        ...inWorkspace,
        body: seatChange,
        response: { 200: workspacePlan },
      },
    },
    (request) => workspacePlans.changeSeats(actor(request), request.body.seats),
  );

  app.put(
    `${base}/cancel`,
    {
      config: forOwners({ not_found: 'the workspace has no paid plan.', unavailable }),
      schema: {
        summary: 'End the paid plan when the period ends, or keep it renewing',
        description:
          'The seats stay paid until the period ends; then the workspace is back on the free limits.',
        ...inWorkspace,
        body: workspaceCancel,
        response: { 200: workspacePlan },
      },
    },
    (request) => workspacePlans.cancelAtPeriodEnd(actor(request), request.body.cancelAtPeriodEnd),
  );

  app.get(
    `${base}/invoices`,
    {
      config: forOwners(),
      schema: {
        summary: 'The workspace’s invoices, newest first',
        description: 'Each with the partner’s page and PDF; only this workspace’s.',
        ...inWorkspace,
        response: { 200: workspaceInvoiceList },
      },
    },
    (request) => workspacePlans.invoices(request.params.clientId),
  );
};
