import type { MailMessage } from './port';

/** Connection, greeting and socket timeouts: a stuck SMTP server must not hold delivery forever. */
export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 20_000 } as const;

/** Where the outbox delivers: one message at a time, and a check that the server answers. */
export interface MailTransport {
  readonly engine: 'smtp';
  deliver(message: MailMessage): Promise<void>;
  /** Resolves when the server accepts a connection (and our credentials); rejects otherwise. */
  verify(): Promise<void>;
  close(): void;
}

/** SMTP via nodemailer (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://host:465). */
export function createSmtpTransport(url: string, from: string): MailTransport {
  // nodemailer loads with the first SMTP transport: the embedded default (the outbox) never holds it.
  const transport = import('nodemailer').then(({ default: nodemailer }) =>
    nodemailer.createTransport({
      url,
      connectionTimeout: SMTP_TIMEOUTS_MS.connection,
      greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
      socketTimeout: SMTP_TIMEOUTS_MS.socket,
    }),
  );
  // Each use awaits it and meets a failure there; this keeps an unused one from crashing the process.
  transport.catch(() => {});
  return {
    engine: 'smtp',
    async deliver(m) {
      await (await transport).sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
    async verify() {
      await (await transport).verify();
    },
    close: () => void transport.then((t) => t.close()).catch(() => {}),
  };
}

/**
 * The server refused this message for good (a 5xx reply to it, such as 550 no such mailbox): trying
 * again cannot help. A refused login (EAUTH) is not: it is the transport that fails, until an
 * operator fixes the credentials.
 */
export function isPermanentRefusal(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const responseCode = 'responseCode' in err && typeof err.responseCode === 'number' ? err.responseCode : 0;
  const code = 'code' in err ? err.code : undefined;
  return responseCode >= 500 && responseCode < 600 && code !== 'EAUTH';
}

/**
 * What may be logged about a failed send: the error's code and message, never the SMTP URL (it
 * may carry credentials) nor the message (it may carry a reset link).
 */
export function describeMailError(err: unknown): { code?: string; message: string } {
  const e = typeof err === 'object' && err !== null ? err : {};
  const message =
    'message' in e && typeof e.message === 'string'
      ? e.message.replace(/smtps?:\/\/[^\s@]*@/gi, 'smtp://[redacted]@')
      : 'unknown error';
  return { code: 'code' in e && typeof e.code === 'string' ? e.code : undefined, message };
}
