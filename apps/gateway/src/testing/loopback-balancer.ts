import { createServer, request, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface LoopbackBalancer {
  /** The one origin browsers use, e.g. `http://127.0.0.1:41234`. */
  url: string;
  close(): Promise<void>;
}

/**
 * What the load balancer of a real deployment does, for processes on loopback: one origin in
 * front of all of them, each request and WebSocket upgrade passed on whole (headers included, so
 * the `Host` and `Origin` a browser sent arrive unchanged) to the port `route` picks for its path.
 * A path `route` has no process for, or a process that does not answer, gets 502.
 */
export async function startLoopbackBalancer(
  route: (path: string) => number | undefined,
): Promise<LoopbackBalancer> {
  const upgrades = new Set<Socket>();
  const server = createServer((incoming, outgoing) => {
    const port = route(incoming.url ?? '/');
    const refuse = () => {
      if (outgoing.headersSent) outgoing.destroy();
      else outgoing.writeHead(502, { 'content-type': 'text/plain' }).end('No process answers.');
    };
    if (port === undefined) return refuse();
    const forwarded = request(
      {
        host: '127.0.0.1',
        port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
        // A fresh connection per request: a pooled one may lead to a process killed since.
        agent: false,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.on('error', () => outgoing.destroy());
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', refuse);
    incoming.pipe(forwarded);
  });

  server.on('upgrade', (incoming: IncomingMessage, client: Socket, head: Buffer) => {
    const port = route(incoming.url ?? '/');
    if (port === undefined) return client.destroy();
    const upstream = connect(port, '127.0.0.1', () => {
      const lines = [`${incoming.method} ${incoming.url} HTTP/${incoming.httpVersion}`];
      for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
        lines.push(`${incoming.rawHeaders[i]}: ${incoming.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    // Either end closing ends the other, as a dropped connection behind a balancer does.
    for (const [one, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      upgrades.add(one);
      one.on('error', () => other.destroy());
      one.on('close', () => {
        upgrades.delete(one);
        other.destroy();
      });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const socket of upgrades) socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
