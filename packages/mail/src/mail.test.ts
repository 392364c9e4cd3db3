import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxTransport, readOutbox } from './outbox-transport';
import { createSmtpTransport } from './smtp-transport';

describe('outbox transport', () => {
  it('writes one JSON file per message, in time order, and reads them back', async () => {
    const dir = path.join(await mkdtemp(path.join(tmpdir(), 'questa-outbox-')), 'outbox');
    expect(await readOutbox(dir)).toEqual([]);
    const outbox = createOutboxTransport(dir);
    for (const n of [1, 2, 3]) {
      await outbox.send({
        to: `person${n}@example.test`,
        subject: `Message ${n}`,
        text: `Body ${n}`,
      });
    }
    const files = await readdir(dir);
    expect(files).toHaveLength(3);
    expect([...files].sort()).toEqual(files.sort());
    const messages = await readOutbox(dir);
    expect(messages.map((m) => m.subject)).toEqual(['Message 1', 'Message 2', 'Message 3']);
    expect(messages[2]).toMatchObject({ to: 'person3@example.test', text: 'Body 3' });
    expect(Date.parse(messages[0]!.sentAt)).not.toBeNaN();
  });
});

describe('SMTP transport', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a message to the SMTP server named by the URL', async () => {
    const transport = createSmtpTransport(
      `smtp://127.0.0.1:${port}`,
      'Questa <no-reply@questa.test>',
    );
    try {
      await transport.send({
        to: 'learner@example.test',
        subject: 'Confirm your email for Questa',
        text: 'Open http://localhost:8080/idp/verify?token=abc',
      });
    } finally {
      transport.close();
    }
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('no-reply@questa.test');
    expect(received[0]!.to).toEqual(['learner@example.test']);
    expect(received[0]!.data).toContain('Subject: Confirm your email for Questa');
    expect(received[0]!.data).toContain('http://localhost:8080/idp/verify?token=abc');
  });
});
