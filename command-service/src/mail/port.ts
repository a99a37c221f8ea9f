/** Outgoing mail: SMTP when SMTP_URL is set, otherwise the development mailbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SendOptions {
  /** A repeated send with the same key is a no-op (a consumer that may run twice mails once). */
  key?: string;
  /** Not delivered after this (a reset link is worthless once it has expired). */
  expiresAt?: Date;
}

export interface MailPort {
  readonly engine: 'smtp' | 'outbox';
  /**
   * Accepts a message for delivery. Once it resolves the message is stored, and it is delivered
   * even if the transport is down now or the process restarts first (see outbox.ts).
   */
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  close(): Promise<void>;
}
