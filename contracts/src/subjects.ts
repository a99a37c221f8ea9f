import { streamCategory } from './events';

/** NATS subjects: every domain event is published as lectio.events.<category>.<type>. */
export const EVENTS_STREAM_NAME = 'LECTIO_EVENTS';
export const EVENTS_SUBJECT_PREFIX = 'lectio.events';
export const EVENTS_SUBJECTS = [`${EVENTS_SUBJECT_PREFIX}.>`];

export function subjectFor(event: { streamId: string; type: string }): string {
  const category = streamCategory(event.streamId).replace(/[^A-Za-z0-9_-]/g, '_');
  return `${EVENTS_SUBJECT_PREFIX}.${category}.${event.type}`;
}

/** Subjects billing automation consumes. */
export const SUBSCRIPTION_EVENTS_SUBJECT = `${EVENTS_SUBJECT_PREFIX}.subscription.>`;
