import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { ALL_ROUTES_PUBLIC, httpKit } from './http-kit';

async function serviceWith(add: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  await app.register(httpKit);
  await app.register(async (routes) => add(routes));
  return app;
}

describe('route permissions', () => {
  it('refuses at start a route that names a permission the policy does not know', async () => {
    const app = serviceWith((routes) =>
      // A typo of `question:publish`, as a route might carry one.
      routes.get('/x', { config: { permission: 'question:pubish' as 'public' } }, () => 'x'),
    );
    await expect(app).rejects.toThrow(
      'Route GET /x names the permission question:pubish, which the policy module does not know.',
    );
  });

  it('refuses at start a route that declares no permission', async () => {
    const app = serviceWith((routes) => routes.get('/y', () => 'y'));
    await expect(app).rejects.toThrow(/Route GET \/y must declare config.permission/);
  });

  it('takes a known permission, and a context that makes every route of a library public', async () => {
    const app = await serviceWith((routes) => {
      routes.get('/z', { config: { permission: 'question:publish' } }, () => 'z');
    });
    await app.register(async (library) => {
      library.decorate(ALL_ROUTES_PUBLIC, true);
      library.get('/reference', (request) => request.routeOptions.config.permission);
    });
    expect((await app.inject({ url: '/reference' })).body).toBe('public');
    expect((await app.inject({ url: '/z' })).body).toBe('z');
  });
});
