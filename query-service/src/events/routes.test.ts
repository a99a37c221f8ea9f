import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEventsDocument } from './routes';

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await registerEventsDocument(app);
  await app.ready();
});
afterAll(() => app.close());

const EVERY_EVENT_TYPE: Record<string, string[]> = {
  user: [
    'UserRegistered',
    'PasswordChanged',
    'PasswordResetRequested',
    'PreferencesUpdated',
    'PreferenceReminderDismissed',
    'SupportRoleGranted',
    'SupportRoleRevoked',
    'SignedOutEverywhere',
  ],
  subscription: [
    'TrialStarted',
    'PaymentMethodAdded',
    'DefaultPaymentMethodSet',
    'PaymentMethodRemoved',
    'SubscriptionActivated',
    'TrialConverted',
    'TrialWillEnd',
    'TrialExtended',
    'TrialExpired',
    'SubscriptionCancelled',
    'SubscriptionResumed',
    'SubscriptionRenewed',
    'SubscriptionEnded',
    'PaymentFailed',
  ],
  usage: ['QuestionAsked', 'QuestionAnswered', 'QuestionReleased', 'BudgetThresholdReached', 'BudgetCredited'],
  chat: ['ChatExchanged', 'SafetyResponseGiven'],
  support: ['SupportLookupRecorded'],
  plans: ['PlanStarted', 'PlanDayCompleted'],
  notes: ['NoteSaved', 'NoteDeleted'],
};

/** Every property name anywhere in a JSON schema. */
function propertyNames(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const own =
    'properties' in schema && typeof schema.properties === 'object' && schema.properties
      ? Object.keys(schema.properties)
      : [];
  return [...own, ...Object.values(schema).flatMap(propertyNames)];
}

describe('GET /api/events/asyncapi.json', () => {
  it('is a public, cacheable AsyncAPI 3.0 document with a channel, a send operation and a message for every published event', async () => {
    const res = await app.inject('/api/events/asyncapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const doc = res.json();
    expect(doc.asyncapi).toBe('3.0.0');
    expect(doc.info).toMatchObject({ title: 'Lectio events', version: expect.any(String) });
    expect(doc.servers.nats.protocol).toBe('nats');
    const all = Object.values(EVERY_EVENT_TYPE).flat();
    expect(Object.keys(doc.channels).sort()).toEqual([...all].sort());
    expect(Object.keys(doc.components.messages).sort()).toEqual([...all].sort());
    for (const [category, types] of Object.entries(EVERY_EVENT_TYPE))
      for (const type of types) {
        const channel = doc.channels[type];
        expect(channel.address).toBe(`lectio.events.${category}.${type}`);
        expect(channel.messages[type]).toEqual({ $ref: `#/components/messages/${type}` });
        expect(doc.operations[`publish${type}`]).toEqual({
          action: 'send',
          channel: { $ref: `#/channels/${type}` },
          messages: [{ $ref: `#/channels/${type}/messages/${type}` }],
        });
        const message = doc.components.messages[type];
        expect(message.headers.required).toEqual(['Nats-Msg-Id']);
        expect(message['x-schema-version']).toBe(1);
        expect(message.payload.type).toBe('object');
        expect(message.payload.properties.type.const).toBe(type);
        expect(message.payload.required).toEqual(
          expect.arrayContaining(['id', 'type', 'schemaVersion', 'streamId', 'data', 'metadata']),
        );
      }
    // Every $ref resolves inside the document.
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) {
      const path = ref.slice(8, -1).replace(/^#\//, '').split('/');
      expect(
        path.reduce((node, key) => node?.[key], doc),
        ref,
      ).toBeDefined();
    }
  });

  it('names the private fields and leaves them out of every payload', async () => {
    const doc = (await app.inject('/api/events/asyncapi.json')).json();
    const chat = doc.components.messages.ChatExchanged;
    expect(chat['x-private-fields']).toEqual([
      'data.question',
      'data.response',
      'data.citations',
      'data.preferences',
      'metadata.reason',
    ]);
    expect(doc.components.messages.PaymentMethodAdded['x-private-fields']).toEqual([
      'data.last4',
      'data.expMonth',
      'data.expYear',
      'metadata.reason',
    ]);
    expect(doc.components.messages.NoteSaved['x-private-fields']).toEqual(['data.text', 'metadata.reason']);
    for (const [type, message] of Object.entries<{
      payload: { properties: { data: unknown; metadata: unknown } };
      'x-private-fields': string[];
    }>(doc.components.messages)) {
      const data = propertyNames(message.payload.properties.data);
      const metadata = propertyNames(message.payload.properties.metadata);
      for (const field of message['x-private-fields']) {
        const [where, name] = field.split('.');
        expect(where === 'data' ? data : metadata, `${type} ${field}`).not.toContain(name);
      }
      for (const name of [...data, ...metadata])
        expect(name, type).not.toMatch(
          /^(question|response|email|username|password|\w*hash|token|last4|faithJourney)$/i,
        );
    }
    // Published fields stay: billing tools need amounts, ids and dates.
    expect(propertyNames(doc.components.messages.SubscriptionRenewed.payload.properties.data)).toEqual(
      expect.arrayContaining(['invoiceId', 'amountCents', 'periodStart', 'periodEnd', 'renewedAt']),
    );
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.inject('/api/events/asyncapi.json');
    const again = await app.inject({
      url: '/api/events/asyncapi.json',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
