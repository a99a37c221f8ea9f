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

/** Stream ids: `<category>-<id>`. The category names the NATS subject. */
export const streams = {
  user: (userId: string) => `user-${userId}`,
  subscription: (userId: string) => `subscription-${userId}`,
  usage: (userId: string, period: string) => `usage-${userId}-${period}`,
  /** Support's look-ups of a reader's account, so the reader's history and support-access show them. */
  support: (userId: string) => `support-${userId}`,
};

export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
}
