import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatExchanged, type UsageEvent } from '@lectio/contracts/assistant';
import { streams } from '@lectio/contracts/events';
import { questionAnswered, questionAsked } from '@lectio/testing/events';
import type { Db } from '@lectio/platform';
import type { EventStore } from '@lectio/platform/eventstore';
import { type Projection, rebuildProjection, runProjection } from '@lectio/platform/projections';
import { openTestEventStore } from '@lectio/platform/testing';
import { readModelMigrations } from '../index';
import { assistantUsageProjection, readUsage } from './assistant-usage';
import { chatHistoryProjection, readChatHistory } from './chat-history';
import { readUser, usersProjection } from './users';

let db: Db;
let store: EventStore;
let close: () => Promise<void>;
beforeAll(async () => ({ db, store, close } = await openTestEventStore(readModelMigrations)));
afterAll(() => close());

const metadata = () => ({ correlationId: randomUUID(), actor: { type: 'system' as const } });
const append = (streamId: string, e: { type: string; data: unknown }) =>
  store.append(streamId, [{ id: randomUUID(), schemaVersion: 1, metadata: metadata(), ...e }]);

async function runLive(projection: Projection) {
  const head = await store.headPosition();
  const live = new AbortController();
  await runProjection({
    db,
    store,
    projection,
    signal: live.signal,
    onCheckpoint: (_n, p) => p >= head && live.abort(),
  });
}
const rows = async (table: string, order: string) => (await db.query(`SELECT * FROM ${table} ORDER BY ${order}`)).rows;

const period = { periodStart: '2026-11-05T00:00:00.000Z', periodEnd: '2026-12-05T00:00:00.000Z' };
const asked = (questionId: string, reservedMicros: number): UsageEvent =>
  questionAsked(questionId, reservedMicros, {
    ...period,
    promptTokensEstimate: 900,
    maxOutputTokens: 800,
    askedAt: '2026-11-20T10:00:00.000Z',
  });
const answered = (questionId: string, costMicros: number, totalTokens: number): UsageEvent =>
  questionAnswered(questionId, costMicros, {
    totalTokens,
    completionTokens: 100,
    answeredAt: '2026-11-20T10:00:05.000Z',
  });

describe('assistant read models', () => {
  it('usage: settled questions, tokens and money per period (reservations and releases are not spending); a rebuild gives the live rows back', async () => {
    const userId = randomUUID();
    const stream = streams.usage(userId, '20261105');
    for (const e of [
      asked('a', 1000),
      answered('a', 400, 1200),
      asked('b', 1000),
      {
        type: 'QuestionReleased',
        data: { questionId: 'b', reason: 'provider_error', releasedAt: '2026-11-20T11:00:00.000Z' },
      },
      asked('c', 1000),
      answered('c', 1000, 1700),
      {
        type: 'BudgetThresholdReached',
        data: { threshold: 80, spentMicros: 4_800_000, budgetMicros: 6_000_000, reachedAt: '2026-11-20T12:00:00.000Z' },
      },
    ])
      await append(stream, e);
    await runLive(assistantUsageProjection);
    const row = await readUsage(db, userId, period.periodStart);
    expect(row).toMatchObject({ questions: 2, tokens: '2900', spent_micros: '1400', last_threshold: 80 });
    expect(await readUsage(db, userId, period.periodEnd)).toBeUndefined();
    const live = await rows('assistant_usage_view', 'user_id, period_key');
    await rebuildProjection(db, store, assistantUsageProjection);
    expect(await rows('assistant_usage_view', 'user_id, period_key')).toEqual(live);
  });

  it('chat history: a reader exchanges for one chapter, oldest first, as user and assistant messages; a rebuild gives them back', async () => {
    const userId = randomUUID();
    const exchange = (n: number, chapter: number): ChatExchanged => ({
      exchangeId: randomUUID(),
      kind: 'free',
      questionId: null,
      book: 'john',
      chapter,
      verse: n,
      question: `Question ${n}`,
      response: `Answer ${n} (John ${chapter}:${n})`,
      citations: [
        {
          text: `John ${chapter}:${n}`,
          book: 'john',
          chapter,
          verse: n,
          verseEnd: null,
          valid: true,
          href: `/home?book=john&chapter=${chapter}&verse=${n}`,
          quote: null,
        },
      ],
      source: 'ai',
      preferences: { faithJourney: 'bible_scholar', communicationStyle: null },
      askedAt: `2026-11-20T10:0${n}:00.000Z`,
      answeredAt: `2026-11-20T10:0${n}:05.000Z`,
    });
    await append(streams.chat(userId), { type: 'ChatExchanged', data: exchange(1, 3) });
    await append(streams.chat(userId), { type: 'ChatExchanged', data: exchange(2, 4) });
    await append(streams.chat(userId), { type: 'ChatExchanged', data: exchange(3, 3) });
    await runLive(chatHistoryProjection);
    const history = await readChatHistory(db, userId, 'john', 3);
    expect(history.map((m) => `${m.role}:${m.content}`)).toEqual([
      'user:Question 1',
      'assistant:Answer 1 (John 3:1)',
      'user:Question 3',
      'assistant:Answer 3 (John 3:3)',
    ]);
    expect(history[1]).toMatchObject({
      source: 'ai',
      verse: 1,
      preferences: { faithJourney: 'bible_scholar', communicationStyle: null },
    });
    expect(history[1]!.citations![0]!.href).toBe('/home?book=john&chapter=3&verse=1');
    expect(await readChatHistory(db, randomUUID(), 'john', 3)).toEqual([]);
    const live = await rows('assistant_chat_history_view', 'exchange_id');
    await rebuildProjection(db, store, chatHistoryProjection);
    expect(await rows('assistant_chat_history_view', 'exchange_id')).toEqual(live);
  });

  it('users_view: preferences and the reminder time from the user stream', async () => {
    const userId = randomUUID();
    await append(streams.user(userId), {
      type: 'UserRegistered',
      data: { userId, username: 'priscilla', email: 'p@example.com', registeredAt: '2026-11-01T00:00:00.000Z' },
    });
    await append(streams.user(userId), {
      type: 'PreferenceReminderDismissed',
      data: { dismissedAt: '2026-11-02T00:00:00.000Z' },
    });
    await runLive(usersProjection);
    expect(await readUser(db, userId)).toMatchObject({
      faithJourney: null,
      lastPreferenceReminder: '2026-11-02T00:00:00.000Z',
    });
    await append(streams.user(userId), {
      type: 'PreferencesUpdated',
      data: { faithJourney: 'growing_believer', communicationStyle: 'simple', updatedAt: '2026-11-03T00:00:00.000Z' },
    });
    await runLive(usersProjection);
    expect(await readUser(db, userId)).toMatchObject({
      faithJourney: 'growing_believer',
      communicationStyle: 'simple',
      lastPreferenceReminder: '2026-11-03T00:00:00.000Z',
    });
  });
});
