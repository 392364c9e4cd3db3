import type { FastifyInstance } from 'fastify';

/** Where a process is in its life, as its health routes report it to a load balancer. */
export interface Lifecycle {
  /** Set once a stop has begun: readiness fails so the balancer sends no new work here. */
  stopping: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** Gives a root server its lifecycle; child contexts see the same object. */
export function addLifecycle(app: FastifyInstance) {
  app.decorate('lifecycle', { stopping: false } satisfies Lifecycle);
}

/** The lifecycle of the server `app` runs in, or a fresh one for an app built without a root. */
export function lifecycleOf(app: FastifyInstance): Lifecycle {
  return app.hasDecorator('lifecycle') ? app.lifecycle : { stopping: false };
}
