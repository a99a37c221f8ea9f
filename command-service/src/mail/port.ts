/** Outgoing mail: SMTP when SMTP_URL is set, otherwise the outbox table (development mailbox). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailPort {
  readonly engine: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
