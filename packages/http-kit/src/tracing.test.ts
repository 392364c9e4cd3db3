import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { httpKit } from './http-kit';
import { createRootServer } from './root-server';
import { startTracing, stopTracing, traceHeaders } from './tracing';

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}

/** An OTLP/HTTP collector that keeps what it is sent, as a real one would receive it. */
async function startCollector() {
  const spans: ExportedSpan[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const payload = JSON.parse(body) as {
        resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[];
      };
      for (const resource of payload.resourceSpans) {
        for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function service(add: (app: FastifyInstance) => void) {
  const app = createRootServer({ logLevel: 'silent' });
  await app.register(httpKit);
  await app.register(async (routes) => add(routes));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

describe('traces', () => {
  const closing: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closing) await close();
  });

  it('follows one request across two services, with its request id', async () => {
    const collector = await startCollector();
    closing.push(collector.close);
    startTracing({ endpoint: collector.url, serviceName: 'questa-test' });

    const back = await service((app) => {
      app.get('/items/:id', { config: { permission: 'public' } }, () => ({ ok: true }));
    });
    closing.push(() => back.app.close());
    const front = await service((app) => {
      app.get('/pages/:id', { config: { permission: 'public' } }, async (request) => {
        const answer = await fetch(`${back.url}/items/7`, {
          headers: { 'x-request-id': request.id, ...traceHeaders() },
        });
        return answer.json();
      });
    });
    closing.push(() => front.app.close());

    const response = await fetch(`${front.url}/pages/3`, {
      headers: { 'x-request-id': 'request-of-this-test' },
    });
    expect(response.status).toBe(200);
    await stopTracing();

    const byName = (name: string) => collector.spans.find((span) => span.name === name);
    const page = byName('GET /pages/:id');
    const item = byName('GET /items/:id');
    expect(page).toBeDefined();
    expect(item).toBeDefined();
    expect(item!.traceId).toBe(page!.traceId);
    expect(item!.parentSpanId).toBe(page!.spanId);
    for (const span of [page!, item!]) {
      expect(span.attributes).toContainEqual({
        key: 'questa.request_id',
        value: { stringValue: 'request-of-this-test' },
      });
    }
  });
});
