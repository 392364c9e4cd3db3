export { HttpProblem, problemBody } from './problem';
export { httpKit, type RoutePermission } from './http-kit';
export { createRootServer, type RootServerOptions } from './root-server';
export { openApi } from './open-api';
export { healthRoute } from './health-route';
export { sendJsonText } from './json-text';
export { runProcess, type ProcessPlan, type ServiceSchema } from './run-process';
export type { ZodTypeProvider } from 'fastify-type-provider-zod';
