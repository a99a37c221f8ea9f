import { EventMetadata, type EventMessage, type RecordedEvent, toEventMessage } from './events';

/**
 * Private fields of each event's data: the reader's words and the assistant's answers (and the
 * citations and preferences that describe them), what a safety answer was about, contact details,
 * card details, and staff's free-text reasons.
 */
const PRIVATE_EVENT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  ChatExchanged: ['question', 'response', 'citations', 'preferences'],
  SafetyResponseGiven: ['category', 'response', 'citations', 'preferences'],
  UserRegistered: ['username', 'email'],
  PreferencesUpdated: ['faithJourney', 'communicationStyle'],
  PaymentMethodAdded: ['last4', 'expMonth', 'expYear'],
  SupportLookupRecorded: ['reason'],
};

/** Private fields of every event's metadata: support staff's free-text reason. */
const PRIVATE_METADATA = { reason: true } as const;
/** The metadata as published (zod drops the private keys when parsing). */
const PublishedMetadata = EventMetadata.omit(PRIVATE_METADATA);

function omit(value: unknown, fields: readonly string[]): unknown {
  if (fields.length === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !fields.includes(k)));
}

/** The bus message of a stored event: its wire form without the private fields. */
export function toPublishedMessage(e: RecordedEvent): EventMessage {
  const m = toEventMessage(e);
  return { ...m, data: omit(m.data, PRIVATE_EVENT_FIELDS[m.type] ?? []), metadata: PublishedMetadata.parse(m.metadata) };
}
