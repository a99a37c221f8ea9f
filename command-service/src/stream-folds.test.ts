import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UserEvent } from '@lectio/contracts/accounts';
import type { UsageEvent } from '@lectio/contracts/assistant';
import type { SubscriptionEvent } from '@lectio/contracts/billing';
import type { RecordedEvent } from '@lectio/contracts/events';
import type { NoteEvent } from '@lectio/contracts/notes';
import type { PlanEvent } from '@lectio/contracts/plans';
import type { DomainEvent } from '@lectio/platform';
import type { EventStore } from '@lectio/platform/eventstore';
import { questionAnswered, questionAsked } from '@lectio/testing/events';
import { userStream } from './accounts/user-stream';
import { usageStream } from './assistant/budget/usage-stream';
import { subscriptionStream } from './billing/subscription-stream';
import { notesStream } from './notes/notes-stream';
import { plansStream } from './plans/plans-stream';

/**
 * A command folds its stream's events (all of them after a restart), so a fold that copies its
 * state per event makes one long stream stall every request behind it. Each stream is folded as
 * its command handler folds it after a restart (recorded events, upcast, evolved) at 10,000 and
 * 50,000 events: linear work takes about 5 times as long, a quadratic fold 25 times. Measured in
 * this process's CPU time (test files run in their own processes).
 */
const AT = '2026-11-20T10:00:00.000Z';

/** The time one run of `fn` takes, in ms. */
function cpuMs(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

interface LongStream {
  name: string;
  /** The CPU time of folding 10,000 events (the average of five folds, each of its own copy). */
  smallMs: () => number;
  /** The CPU time of folding 50,000 events. */
  largeMs: () => number;
}

// The handlers' fold reads no store.
const noStore = {} as EventStore;

function longStream<E extends DomainEvent>(
  name: string,
  handler: { fold(recorded: RecordedEvent[]): unknown },
  event: (i: number) => E,
): LongStream {
  const metadata = { correlationId: randomUUID(), actor: { type: 'user' as const, id: randomUUID() } };
  const recorded = (count: number): RecordedEvent[] =>
    Array.from({ length: count }, (_, i) => ({
      ...event(i),
      id: randomUUID(),
      schemaVersion: 1,
      metadata,
      streamId: `${name}-${metadata.actor.id}`,
      revision: BigInt(i),
      position: BigInt(i + 1),
      createdAt: new Date(),
    }));
  // Five copies of the first 10,000 events: folding them in turn reads as much memory as the
  // 50,000 do, so the comparison is of the fold, not of a smaller input kept in the cache.
  const small = Array.from({ length: 5 }, () => recorded(10_000));
  const large = recorded(50_000);
  return {
    name,
    smallMs: () => cpuMs(() => small.forEach((events) => handler.fold(events))) / small.length,
    largeMs: () => cpuMs(() => handler.fold(large)),
  };
}

// Ids as the app makes them (uuids), and events as a long-lived account could hold them within
// a reader's limits: 10,000 notes saved again and again, questions asked and answered, a few
// cards added and removed beside monthly renewals, a year's plan restarted, preferences changed.
const ids = Array.from({ length: 25_000 }, () => randomUUID());
const id = (i: number) => ids[i % ids.length]!;

const streamsOf: LongStream[] = [
  longStream('notes', notesStream(noStore), (i): NoteEvent => {
    // Every seventh event deletes the note saved just before it.
    const noteId = id(((i % 7 === 6 ? i - 1 : i) * 31) % 10_000);
    if (i % 7 === 6) return { type: 'NoteDeleted', data: { noteId, deletedAt: AT } };
    return {
      type: 'NoteSaved',
      data: {
        noteId,
        kind: 'note',
        book: 'john',
        chapter: 3,
        verse: 16,
        verseEnd: null,
        color: null,
        text: `v${i}`,
        savedAt: AT,
      },
    };
  }),
  longStream('usage', usageStream(noStore), (i): UsageEvent =>
    i % 2 === 0
      ? questionAsked(id(i >> 1), 1000, { periodStart: AT, periodEnd: AT, askedAt: AT })
      : questionAnswered(id(i >> 1), 500, { totalTokens: 900, completionTokens: 300, answeredAt: AT }),
  ),
  longStream('subscription', subscriptionStream(noStore), (i): SubscriptionEvent => {
    const card = `pm_${id((i - (i % 3)) % 12)}`;
    if (i % 3 === 0)
      return {
        type: 'PaymentMethodAdded',
        data: {
          paymentMethodId: card,
          brand: 'visa',
          last4: '4242',
          expMonth: 12,
          expYear: 2030,
          customerId: 'cus',
          addedAt: AT,
        },
      };
    if (i % 3 === 1) return { type: 'PaymentMethodRemoved', data: { paymentMethodId: card, removedAt: AT } };
    return {
      type: 'SubscriptionRenewed',
      data: { invoiceId: `in_${id(i >> 1)}`, amountCents: 1500, periodStart: AT, periodEnd: AT, renewedAt: AT },
    };
  }),
  longStream('plans', plansStream(noStore), (i): PlanEvent =>
    i % 366 === 0
      ? { type: 'PlanStarted', data: { planId: 'bible-in-a-year', startedAt: AT } }
      : { type: 'PlanDayCompleted', data: { planId: 'bible-in-a-year', day: i % 366, completedAt: AT } },
  ),
  longStream('user', userStream(noStore), (i): UserEvent =>
    i === 0
      ? {
          type: 'UserRegistered',
          data: { userId: 'u', username: 'reader', email: 'reader@example.com', registeredAt: AT },
        }
      : {
          type: 'PreferencesUpdated',
          data: {
            faithJourney: i % 2 ? 'new_to_christianity' : 'growing_believer',
            communicationStyle: 'simple',
            updatedAt: AT,
          },
        },
  ),
];

describe('folding a stream is linear in its events', () => {
  for (const s of streamsOf) {
    // Retried: a busy machine can push one measure past the bound; a quadratic fold fails every time (25 times as long).
    // Linear is 5 times; the garbage collector's share grows with the heap, so 5.7 to 6.6 was measured on a loaded
    // machine (notes, subscription): 10 leaves that room and still fails a quadratic fold.
    it(`${s.name}: 50,000 events take at most 10 times as long as 10,000`, { retry: 2 }, () => {
      s.smallMs(); // warm up the JIT
      // Nine rounds, the two measures in turn, the best of each (a busy machine only adds time).
      let small = Infinity;
      let large = Infinity;
      for (let round = 0; round < 9; round++) {
        small = Math.min(small, s.smallMs());
        large = Math.min(large, s.largeMs());
      }
      console.log(
        `${s.name}: 10,000 events ${small.toFixed(1)} ms, 50,000 events ${large.toFixed(1)} ms (x${(large / small).toFixed(2)})`,
      );
      expect(large / small).toBeLessThanOrEqual(10);
    });
  }
});
