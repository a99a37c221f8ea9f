import { streamCategory } from './events';

/** NATS subjects: every domain event is published as lectio.events.<category>.<type>. */
export const EVENTS_STREAM_NAME = 'LECTIO_EVENTS';
export const EVENTS_SUBJECT_PREFIX = 'lectio.events';
export const EVENTS_SUBJECTS = [`${EVENTS_SUBJECT_PREFIX}.>`];

export function subjectFor(event: { streamId: string; type: string }): string {
  const category = streamCategory(event.streamId).replace(/[^A-Za-z0-9_-]/g, '_');
  return `${EVENTS_SUBJECT_PREFIX}.${category}.${event.type}`;
}

/**
 * Subscription events (lectio.events.subscription.<Type>), which billing automation consumes: on the
 * JetStream stream LECTIO_EVENTS with Nats-Msg-Id = event id (de-duplicated by JetStream), the
 * EventMessage of events.ts as payload. Consumers keep an inbox keyed by event id.
 */
export const SUBSCRIPTION_EVENTS_SUBJECT = `${EVENTS_SUBJECT_PREFIX}.subscription.>`;
