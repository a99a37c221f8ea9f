/** The message bus: NATS JetStream in deployments, in-process for the embedded default. */
export interface BusMessage {
  subject: string;
  /** The event id: NATS message id, de-duplication key and inbox key for consumers. */
  id: string;
  payload: unknown;
}

export interface ConsumeOptions {
  /** Durable consumer name: it resumes where it left off. */
  consumer: string;
  filterSubject: string;
  handler: (msg: BusMessage) => Promise<void>;
  signal: AbortSignal;
  onError?: (err: unknown) => void;
}

export interface Bus {
  readonly engine: 'in-process' | 'nats';
  /** Resolves once the bus has stored the message (the PubAck); rejects on failure or timeout. */
  publish(msg: BusMessage): Promise<void>;
  /** Delivers at least once, in order per consumer; resolves when `signal` aborts. */
  consume(options: ConsumeOptions): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** NATS-style subject matching: '*' one token, '>' the rest. */
export function subjectMatches(filter: string, subject: string): boolean {
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (f[i] !== '*' && f[i] !== s[i]) return false;
  }
  return f.length === s.length;
}
