import nodemailer from 'nodemailer';
import type { MailMessage, MailPort } from './port';

/** Connection, greeting and socket timeouts: a stuck SMTP server must not hold requests forever. */
export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 20_000 } as const;

/** SMTP via nodemailer (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://host:465). */
export function createSmtpMail(url: string, from: string): MailPort {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUTS_MS.connection,
    greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
    socketTimeout: SMTP_TIMEOUTS_MS.socket,
  });
  return {
    engine: 'smtp',
    async send(m: MailMessage) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * What may be logged about a failed send: the error's code and message, never the SMTP URL (it
 * may carry credentials) nor the message (it may carry a reset link).
 */
export function describeMailError(err: unknown): { code?: string; message: string } {
  const e = err as { code?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message.replace(/smtps?:\/\/[^\s@]*@/gi, 'smtp://[redacted]@') : 'unknown error';
  return { code: typeof e?.code === 'string' ? e.code : undefined, message };
}
