import { randomUUID } from 'node:crypto';
import { chatStream, type ChatExchanged } from '@lectio/contracts/assistant';
import type { EventMetadata } from '@lectio/contracts/events';
import type { EventStore } from '@lectio/platform/eventstore/port';

/**
 * Chat history as events: one ChatExchanged per answered question on chat-<userId>. Nothing is
 * decided from it (it only records), so it is appended without an expected version.
 */
export async function recordExchange(store: EventStore, userId: string, exchange: ChatExchanged, metadata: EventMetadata): Promise<bigint> {
  const { position } = await store.append(chatStream(userId), [{ id: randomUUID(), type: 'ChatExchanged', schemaVersion: 1, data: exchange, metadata }], {
    expectedVersion: 'any',
  });
  return position;
}
