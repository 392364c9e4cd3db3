export { createSmtpTransport } from '@questa/mail';
