import { z } from 'zod';
import { userEventSchemas } from './accounts';
import { chatEventSchemas, usageEventSchemas } from './assistant-schemas';
import { subscriptionEventSchemas } from './billing-schemas';
import { planEventSchemas } from './plans-schemas';
import { EventMessage, EventMetadata, type RecordedEvent, toEventMessage } from './events';
import { noteEventSchemas } from './notes-schemas';
import { SupportLookupRecorded } from './support-schemas';

/**
 * What the bus carries: every event type by stream category, its schema and version, and the
 * fields that stay in the event store and are never published (the relay drops them, the AsyncAPI
 * document leaves them out and names them). Nothing on the bus needs them: billing automation and
 * the policies read ids, amounts and dates.
 */
export const publishedEventTypes = {
  user: userEventSchemas,
  subscription: subscriptionEventSchemas,
  usage: usageEventSchemas,
  chat: chatEventSchemas,
  support: { SupportLookupRecorded },
  plans: planEventSchemas,
  notes: noteEventSchemas,
} satisfies Record<string, Record<string, z.ZodType>>;

/**
 * Private fields of each event's data: the reader's words and the assistant's answers (and the
 * citations and preferences that describe them), what a safety answer was about, contact details,
 * card details, staff's free-text reasons, and the words of a reader's own notes.
 */
export const PRIVATE_EVENT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  ChatExchanged: ['question', 'response', 'citations', 'preferences'],
  SafetyResponseGiven: ['category', 'response', 'citations', 'preferences'],
  UserRegistered: ['username', 'email'],
  PreferencesUpdated: ['faithJourney', 'communicationStyle'],
  PaymentMethodAdded: ['last4', 'expMonth', 'expYear'],
  SupportLookupRecorded: ['reason'],
  NoteSaved: ['text'],
};

/** Private fields of every event's metadata: support staff's free-text reason. */
const PRIVATE_METADATA = { reason: true } as const;
export const PRIVATE_METADATA_FIELDS: readonly string[] = Object.keys(PRIVATE_METADATA);
/** The metadata as published (zod drops the private keys when parsing). */
const PublishedMetadata = EventMetadata.omit(PRIVATE_METADATA);

/** The schema version each type is written with (every type is at 1 so far). */
export const PUBLISHED_SCHEMA_VERSION = 1;

function omit(value: unknown, fields: readonly string[]): unknown {
  if (fields.length === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !fields.includes(k)));
}

/** The bus message of a stored event: its wire form without the private fields. */
export function toPublishedMessage(e: RecordedEvent): EventMessage {
  const m = toEventMessage(e);
  return {
    ...m,
    data: omit(m.data, PRIVATE_EVENT_FIELDS[m.type] ?? []),
    metadata: PublishedMetadata.parse(m.metadata),
  };
}

/** The schema of what is published for one type: the stored schema without its private fields. */
function publishedDataSchema(type: string, schema: z.ZodType): z.ZodType {
  const hidden = PRIVATE_EVENT_FIELDS[type] ?? [];
  if (!(schema instanceof z.ZodObject) || hidden.length === 0) return schema;
  return z.object(Object.fromEntries(Object.entries(schema.shape).filter(([k]) => !hidden.includes(k))));
}

/** The whole published message of one type: the envelope, the published data and metadata. */
export function publishedMessageSchema(type: string, schema: z.ZodType) {
  return EventMessage.extend({
    type: z.literal(type),
    schemaVersion: z.literal(PUBLISHED_SCHEMA_VERSION),
    data: publishedDataSchema(type, schema),
    metadata: PublishedMetadata,
  });
}
