import { randomUUID } from 'node:crypto';
import { type ChatEvent, type ChatExchanged, type SafetyResponseGiven } from '@lectio/contracts/assistant';
import { type EventMetadata, streams } from '@lectio/contracts/events';
import type { EventStore } from '@lectio/platform/eventstore';
import { eventsOf } from '@lectio/platform/projections';

/**
 * Chat history as events: one ChatExchanged per answered question on chat-<userId>. Nothing is
 * decided from it (it only records), so it is appended without an expected version.
 */
export async function recordExchange(
  store: EventStore,
  userId: string,
  exchange: ChatExchanged,
  metadata: EventMetadata,
): Promise<bigint> {
  return record(store, userId, { type: 'ChatExchanged', data: exchange }, metadata);
}

/** A safety answer on the same stream: the category and our answer, never the reader's message. */
export async function recordSafetyResponse(
  store: EventStore,
  userId: string,
  given: SafetyResponseGiven,
  metadata: EventMetadata,
): Promise<bigint> {
  return record(store, userId, { type: 'SafetyResponseGiven', data: given }, metadata);
}

async function record(store: EventStore, userId: string, event: ChatEvent, metadata: EventMetadata): Promise<bigint> {
  const { position } = await store.append(
    streams.chat(userId),
    [{ id: randomUUID(), type: event.type, schemaVersion: 1, data: event.data, metadata }],
    {
      expectedVersion: 'any',
    },
  );
  return position;
}

/** How many earlier exchanges about the same chapter a model sees, and how far back we look for them. */
export const EARLIER_TURNS = 2;
const LOOK_BACK = 20;

/** The reader's last free-text exchanges about this chapter, oldest first (from the chat stream, newest events only). */
export async function earlierExchanges(
  store: EventStore,
  userId: string,
  book: string,
  chapter: number,
): Promise<{ question: string; answer: string }[]> {
  const recent = await store.readStream(streams.chat(userId), { direction: 'backwards', maxCount: LOOK_BACK });
  return eventsOf<ChatEvent>(recent, ['ChatExchanged'])
    .flatMap((e) => (e.type === 'ChatExchanged' ? [e.data] : []))
    .filter((d) => d.book === book && d.chapter === chapter && d.kind === 'free')
    .slice(0, EARLIER_TURNS)
    .reverse()
    .map((d) => ({ question: d.question, answer: d.response }));
}
