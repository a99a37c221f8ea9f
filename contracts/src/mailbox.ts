/** A message in the development mailbox (GET /api/dev/mailbox, outside production only). */
export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export interface MailboxResponse {
  messages: MailboxMessage[];
}
