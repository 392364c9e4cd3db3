import nodemailer from 'nodemailer';
import type { MailTransport } from './mail-transport';

/** Sends through the SMTP server named by an smtp:// or smtps:// URL (credentials in the URL). */
export function createSmtpTransport(url: string, from: string): MailTransport & { close(): void } {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transporter.sendMail({ from, ...message });
    },
    close() {
      transporter.close();
    },
  };
}
