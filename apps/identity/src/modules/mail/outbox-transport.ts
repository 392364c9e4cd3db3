export { createOutboxTransport, readOutbox, type OutboxMessage } from '@questa/mail';
