import { PROBLEM_CONTENT_TYPE } from '@questa/contracts';
import { createRootServer, problemBody, runStatelessProcess } from '@questa/http-kit';
import { ensureWebBuild } from '@questa/web/build';
import { WEB_HEALTH_PREFIX } from './cluster/plan';
import { webClient } from './web-client';

let distDir = '';

/**
 * `npm run start:web`: the built web client on its own, for a cluster whose load balancer sends
 * it every path no service claims. It keeps nothing, so it opens no database.
 */
await runStatelessProcess({
  title: 'Questa web',
  prepare: async () => {
    ({ distDir } = await ensureWebBuild({ log: (message) => console.log(message) }));
  },
  async build(config) {
    const root = createRootServer({
      logLevel: config.logLevel,
      hsts: config.hsts,
      trustProxy: config.trustProxy,
      logFormat: config.logFormat,
      logRequests: true,
    });
    root.get(`${WEB_HEALTH_PREFIX}/live`, () => ({ status: 'ok', service: 'web' }));
    root.get(`${WEB_HEALTH_PREFIX}/ready`, (request, reply) => {
      if (!root.lifecycle.stopping) return { status: 'ok', service: 'web' };
      const body = problemBody(
        'unavailable',
        { instance: request.url, requestId: request.id },
        { detail: 'This process is stopping; another one takes its work.' },
      );
      return reply
        .code(503)
        .header('retry-after', '1')
        .type(PROBLEM_CONTENT_TYPE)
        .send(JSON.stringify(body));
    });
    await root.register(webClient, { distDir });
    return root;
  },
});
