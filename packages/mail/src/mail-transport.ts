export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, such as List-Unsubscribe on notification mail. */
  headers?: Record<string, string>;
}

/** Where Questa's emails go: a real SMTP server, or files in the data folder. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}
