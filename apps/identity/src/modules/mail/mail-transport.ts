// The provider sends its mail through Questa's shared transport.
export type { MailMessage, MailTransport } from '@questa/mail';
