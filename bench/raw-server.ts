import { createServer } from 'node:http';

// The yardstick: the least work a Node HTTP server can do per request.
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{"hello":"world"}');
});
server.listen(Number(process.argv[2]), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
