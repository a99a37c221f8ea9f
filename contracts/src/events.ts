import { z } from 'zod';

/** Who caused an event. Support look-ups and system policies are recorded as such. */
export const Actor = z.object({
  type: z.enum(['user', 'support', 'system', 'anonymous']),
  id: z.string().optional(),
});
export type Actor = z.infer<typeof Actor>;

export const EventMetadata = z.object({
  correlationId: z.string(),
  causationId: z.string().optional(),
  actor: Actor,
  /** Why support staff did it (every support action has one). */
  reason: z.string().optional(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/** An event as appended (before the store gives it a position). */
export interface NewEvent<T extends string = string, D = unknown> {
  id: string;
  type: T;
  schemaVersion: number;
  data: D;
  metadata: EventMetadata;
}

/**
 * An event as stored. Positions and revisions are bigint in code; in JSON (HTTP, NATS) they
 * travel as decimal strings because JSON cannot hold a bigint.
 */
export interface RecordedEvent<T extends string = string, D = unknown> extends NewEvent<T, D> {
  streamId: string;
  revision: bigint;
  position: bigint;
  createdAt: Date;
}

/**
 * An id (a uuid) as stream ids and rows hold it: lower case. Ids that come in from a path or a
 * body are parsed with it, so another spelling of the same uuid is the same reader everywhere
 * (the look-up recorded on their stream, never on a stream named after the other spelling).
 */
export const CanonicalUuid = z
  .string()
  .uuid()
  .transform((id) => id.toLowerCase());

export const EventMessage = z.object({
  id: z.string().uuid(),
  type: z.string(),
  schemaVersion: z.number().int(),
  streamId: z.string(),
  revision: z.string().regex(/^\d+$/),
  position: z.string().regex(/^\d+$/),
  createdAt: z.string(),
  data: z.unknown(),
  metadata: EventMetadata,
});
/** The wire form of a recorded event (NATS messages, support views). */
export type EventMessage = z.infer<typeof EventMessage>;

export function toEventMessage(e: RecordedEvent): EventMessage {
  return {
    id: e.id,
    type: e.type,
    schemaVersion: e.schemaVersion,
    streamId: e.streamId,
    revision: e.revision.toString(),
    position: e.position.toString(),
    createdAt: e.createdAt.toISOString(),
    data: e.data,
    metadata: e.metadata,
  };
}

/**
 * A reader's stream of one category: called with the user id it gives the stream id
 * (`<category>-<userId>`); `userIdOf` reads the user back from a stream id (null: another stream).
 */
function readerStream(category: string) {
  const prefix = `${category}-`;
  return Object.assign((userId: string) => `${prefix}${userId}`, {
    category,
    userIdOf: (streamId: string): string | null => (streamId.startsWith(prefix) ? streamId.slice(prefix.length) : null),
  });
}

/** A usage stream, one per reader and budget period: `usage-<userId>-<periodKey>`. */
function usageStream() {
  const prefix = 'usage-';
  return Object.assign((userId: string, periodKey: string) => `${prefix}${userId}-${periodKey}`, {
    category: 'usage',
    /** The reader and the period key of a usage stream id (null: another stream). */
    partsOf(streamId: string): { userId: string; periodKey: string } | null {
      if (!streamId.startsWith(prefix)) return null;
      const rest = streamId.slice(prefix.length);
      const dash = rest.lastIndexOf('-');
      if (dash <= 0 || dash === rest.length - 1) return null;
      return { userId: rest.slice(0, dash), periodKey: rest.slice(dash + 1) };
    },
  });
}

/**
 * Every stream id is made and read here, one helper per stream: `streams.subscription(userId)`
 * gives the id, `streams.subscription.userIdOf(streamId)` the reader back. The category (before
 * the first dash) names the NATS subject.
 */
export const streams = {
  user: readerStream('user'),
  subscription: readerStream('subscription'),
  usage: usageStream(),
  /** The reader's conversations with the assistant (chat history). */
  chat: readerStream('chat'),
  /** Support's look-ups of a reader's account, so the reader's history and support-access show them. */
  support: readerStream('support'),
  /** The reader's reading plans: which plan they follow and the days they have read. */
  plans: readerStream('plans'),
  /** The reader's own highlights, notes and bookmarks. */
  notes: readerStream('notes'),
};

export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
}
