import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Fields that must never reach a log line, wherever they appear. */
export const REDACT_PATHS = [
  'password',
  'confirmPassword',
  'token',
  '*.password',
  '*.confirmPassword',
  '*.token',
  '*.passwordHash',
  'newPassword',
  'currentPassword',
  '*.newPassword',
  '*.currentPassword',
  'req.body',
  'body',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

/** Query parameters whose values are secrets (reset links carry `?token=`). */
const SECRET_QUERY = /([?&](?:token|code|session_id)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request fields, with secrets in the query string masked. */
function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url ? redactUrl(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** `destination` defaults to stdout; tests pass a stream to read what was logged. */
export function createLogger(options: { level?: string; name?: string; destination?: DestinationStream } = {}): Logger {
  const settings = {
    name: options.name ?? 'lectio',
    level: options.level ?? 'info',
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
