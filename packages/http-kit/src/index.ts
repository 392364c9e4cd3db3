export { HttpProblem, problemBody } from './problem';
export { httpKit, type RoutePermission } from './http-kit';
export { createRootServer, type RootServerOptions } from './root-server';
export { openApi } from './open-api';
export { healthRoute } from './health-route';
export { lifecycleOf, type Lifecycle } from './lifecycle';
export { sendJsonText } from './json-text';
export {
  runProcess,
  runStatelessProcess,
  type ProcessPlan,
  type ServiceSchema,
  type StatelessProcessPlan,
} from './run-process';
export type { ZodTypeProvider } from 'fastify-type-provider-zod';
export { escapeHtml, html, SafeHtml, type HtmlValue } from './html';
export { acceptFormPosts, formValue, type FormBody } from './form-body';
export { field, pageHeaders, type FieldOptions } from './page-parts';
export { pageErrorHandler, type ErrorPageWords, type PageErrorOptions } from './page-errors';
export {
  cacheMetric,
  counterMetric,
  histogramMetric,
  metricsRegistry,
  sampledGauge,
} from './metrics';
export { startTracing, stopTracing, traceHeaders } from './tracing';
export {
  createRequestLimiter,
  rateLimits,
  type RateLimitCaller,
  type RateLimitDecision,
  type RateLimitsOptions,
  type RequestLimiter,
} from './rate-limit';
export {
  createMemoryRateLimitStore,
  createRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
  type WindowCount,
} from './rate-limit-store';
export { backUpDataDir, openBackupChannel, type BackupChannel } from './backup-channel';
