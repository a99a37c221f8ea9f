import { z } from 'zod';
import {
  PRIVATE_EVENT_FIELDS,
  PRIVATE_METADATA_FIELDS,
  PUBLISHED_SCHEMA_VERSION,
  publishedEventTypes,
  publishedMessageSchema,
} from './published-events';
import { EVENTS_STREAM_NAME, SUBSCRIPTION_EVENTS_SUBJECT, subjectFor } from './subjects';

/** Where the document is served (query-service, public). */
export const ASYNCAPI_PATH = '/api/events/asyncapi.json';

type JsonObject = Record<string, unknown>;

/**
 * The AsyncAPI 3.0 document of the event bus, generated from the event schemas: one channel per
 * subject (lectio.events.<category>.<Type>), the payload of what the relay publishes (private
 * fields left out and named under x-private-fields), the schema version, and the Nats-Msg-Id
 * header (the event id) that consumers de-duplicate by.
 */
export function buildAsyncApiDocument(version = '1.0.0'): JsonObject {
  const channels: JsonObject = {};
  const operations: JsonObject = {};
  const messages: JsonObject = {};
  for (const [category, types] of Object.entries(publishedEventTypes)) {
    for (const [type, schema] of Object.entries<z.ZodType>(types)) {
      const { $schema: _dialect, ...payload } = z.toJSONSchema(publishedMessageSchema(type, schema), {
        target: 'draft-7',
        io: 'output',
      });
      messages[type] = {
        name: type,
        title: type,
        contentType: 'application/json',
        headers: {
          type: 'object',
          required: ['Nats-Msg-Id'],
          properties: {
            'Nats-Msg-Id': {
              type: 'string',
              format: 'uuid',
              description:
                'The event id: de-duplicate by it (JetStream drops a repeat within its window; keep an inbox beyond it).',
            },
          },
        },
        correlationId: { location: '$message.payload#/metadata/correlationId' },
        payload,
        'x-schema-version': PUBLISHED_SCHEMA_VERSION,
        'x-private-fields': [
          ...(PRIVATE_EVENT_FIELDS[type] ?? []).map((f) => `data.${f}`),
          ...PRIVATE_METADATA_FIELDS.map((f) => `metadata.${f}`),
        ],
      };
      channels[type] = {
        address: subjectFor({ streamId: category, type }),
        title: `${category} ${type}`,
        messages: { [type]: { $ref: `#/components/messages/${type}` } },
      };
      operations[`publish${type}`] = {
        action: 'send',
        channel: { $ref: `#/channels/${type}` },
        messages: [{ $ref: `#/channels/${type}/messages/${type}` }],
      };
    }
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Lectio events',
      version,
      description: [
        `Every stored event is published to the JetStream stream ${EVENTS_STREAM_NAME} on lectio.events.<category>.<Type>, in order, at least once, with the event id as Nats-Msg-Id.`,
        `Billing tools consume ${SUBSCRIPTION_EVENTS_SUBJECT} with a durable consumer and keep an inbox of handled event ids.`,
        'Private fields (listed per message under x-private-fields) stay in the event store and are never published.',
      ].join(' '),
    },
    defaultContentType: 'application/json',
    servers: {
      nats: { host: 'localhost:4222', protocol: 'nats', description: 'The deployment NATS server (JetStream).' },
    },
    channels,
    operations,
    components: { messages },
  };
}
