import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { AckPolicy, DeliverPolicy, connect } from 'nats';
import { type PublishedEvent, type RevenueSummary, apply, emptySummary, formatSummary } from './summary';

/** Lectio's stream and the subscription subjects (GET /api/events/asyncapi.json). */
export const STREAM = 'LECTIO_EVENTS';
export const SUBSCRIPTION_SUBJECTS = 'lectio.events.subscription.>';

export interface ConsumerOptions {
  natsUrl: string;
  /** The durable consumer's name: after a restart it resumes where it left off. */
  durable: string;
  /** Where the summary (and the event ids counted) is kept between runs. */
  stateFile: string;
  signal: AbortSignal;
  print?: (line: string) => void;
}

function load(file: string): RevenueSummary {
  return existsSync(file) ? { ...emptySummary(), ...JSON.parse(readFileSync(file, 'utf8')) } : emptySummary();
}

function save(file: string, s: RevenueSummary) {
  writeFileSync(`${file}.tmp`, JSON.stringify(s));
  renameSync(`${file}.tmp`, file);
}

/**
 * A durable JetStream consumer on the subscription subjects. Each message is counted once by its
 * Nats-Msg-Id (the event id): the summary is saved before the ack, so a crash in between
 * redelivers a message that is then skipped. Prints the summary after each event counted.
 */
export async function runRevenueConsumer(o: ConsumerOptions): Promise<RevenueSummary> {
  const print = o.print ?? console.log;
  const summary = load(o.stateFile);
  const nc = await connect({ servers: o.natsUrl, name: `revenue-consumer ${o.durable}` });
  try {
    const jsm = await nc.jetstreamManager();
    // Lectio's relay creates the stream with its first publish: a consumer started first waits for it.
    while (
      !o.signal.aborted &&
      !(await jsm.streams.info(STREAM).then(
        () => true,
        () => false,
      ))
    )
      await new Promise((r) => setTimeout(r, 200));
    await jsm.consumers.add(STREAM, {
      durable_name: o.durable,
      filter_subject: SUBSCRIPTION_SUBJECTS,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
    });
    const messages = await (await nc.jetstream().consumers.get(STREAM, o.durable)).consume({ max_messages: 100 });
    const stop = () => void messages.stop();
    o.signal.addEventListener('abort', stop, { once: true });
    if (o.signal.aborted) stop();
    for await (const m of messages) {
      const event: PublishedEvent = m.json();
      const id = m.headers?.get('Nats-Msg-Id') || event.id;
      if (apply(summary, { ...event, id })) {
        save(o.stateFile, summary);
        print(formatSummary(summary));
      }
      m.ack();
    }
    o.signal.removeEventListener('abort', stop);
    return summary;
  } finally {
    await nc.drain();
  }
}
