import { createServer } from 'node:http';
import { Server } from 'socket.io';

// The yardstick for live rooms: a Socket.IO server doing nothing but relaying what its one
// sender sends to a room of every other connection, with the options Questa's channel uses.
const http = createServer();
const io = new Server(http, {
  path: '/live',
  transports: ['websocket'],
  serveClient: false,
  pingInterval: 10_000,
  pingTimeout: 10_000,
});
io.on('connection', (socket) => {
  if (socket.handshake.auth.host !== true) {
    void socket.join('players');
    // A player's answer is acknowledged at once: the yardstick for Questa's answer path.
    socket.on('message', (_message: unknown, ack: (result: { ok: true }) => void) =>
      ack({ ok: true }),
    );
    return;
  }
  socket.on('message', (message: { payload: unknown }, ack: (result: { ok: true }) => void) => {
    io.to('players').emit('room', message.payload);
    ack({ ok: true });
  });
});
http.listen(Number(process.argv[2]), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => {
  void io.close();
  process.exit(0);
});
