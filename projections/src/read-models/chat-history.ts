import type { ChatEvent, ChatHistoryMessage } from '@lectio/contracts/assistant';
import type { SafetyCategory } from '@lectio/contracts/safety';
import type { Migration, Queryable } from '@lectio/platform';
import { postgreSQLProjection } from '@lectio/platform/projections';
import { streams } from '@lectio/contracts/events';

export const chatHistoryMigrations: Migration[] = [
  {
    // Until the split by owner this was part of 030_assistant_read_models; IF NOT EXISTS makes it a no-op there.
    id: '031_assistant_chat_history_view',
    sql: `
CREATE TABLE IF NOT EXISTS assistant_chat_history_view (
  exchange_id UUID PRIMARY KEY,
  user_id UUID NOT NULL,
  book TEXT NOT NULL,
  chapter INT NOT NULL,
  verse INT,
  kind TEXT NOT NULL,
  question TEXT NOT NULL,
  response TEXT NOT NULL,
  citations JSONB NOT NULL,
  source TEXT NOT NULL,
  faith_journey TEXT,
  communication_style TEXT,
  asked_at TIMESTAMPTZ NOT NULL,
  answered_at TIMESTAMPTZ NOT NULL,
  position BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS assistant_chat_history_passage ON assistant_chat_history_view (user_id, book, chapter, position);`,
  },
  {
    // A safety answer's category; its row keeps no question (the reader's message is never recorded).
    id: '032_assistant_chat_history_safety',
    sql: `ALTER TABLE assistant_chat_history_view ADD COLUMN IF NOT EXISTS safety TEXT;`,
  },
];

/** Read model `chat-history` (assistant_chat_history_view): each reader's exchanges, found by passage. */
export const chatHistoryProjection = postgreSQLProjection<ChatEvent>({
  name: 'chat-history',
  migrations: chatHistoryMigrations,
  tables: ['assistant_chat_history_view'],
  canHandle: ['ChatExchanged', 'SafetyResponseGiven'],
  async handle(tx, event) {
    const userId = streams.chat.userIdOf(event.streamId);
    if (!userId) return;
    if (event.type === 'SafetyResponseGiven') {
      const d = event.data;
      await tx.query(
        `INSERT INTO assistant_chat_history_view
           (exchange_id, user_id, book, chapter, verse, kind, question, response, citations, source, faith_journey, communication_style, asked_at, answered_at, position, safety)
         VALUES ($1, $2, $3, $4, $5, 'free', '', $6, $7, 'library', $8, $9, $10, $10, $11, $12)
         ON CONFLICT (exchange_id) DO NOTHING`,
        [
          d.responseId,
          userId,
          d.book,
          d.chapter,
          d.verse,
          d.response,
          JSON.stringify(d.citations),
          d.preferences.faithJourney,
          d.preferences.communicationStyle,
          d.givenAt,
          event.position.toString(),
          d.category,
        ],
      );
      return;
    }
    const d = event.data;
    await tx.query(
      `INSERT INTO assistant_chat_history_view
         (exchange_id, user_id, book, chapter, verse, kind, question, response, citations, source, faith_journey, communication_style, asked_at, answered_at, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (exchange_id) DO NOTHING`,
      [
        d.exchangeId,
        userId,
        d.book,
        d.chapter,
        d.verse,
        d.kind,
        d.question,
        d.response,
        JSON.stringify(d.citations),
        d.source,
        d.preferences.faithJourney,
        d.preferences.communicationStyle,
        d.askedAt,
        d.answeredAt,
        event.position.toString(),
      ],
    );
  },
});

/** How many exchanges of one passage are shown again (the newest). */
export const HISTORY_LIMIT = 50;

interface HistoryRow {
  exchange_id: string;
  verse: number | null;
  question: string;
  response: string;
  // jsonb: parsed by PGlite and pg, text from an older driver.
  citations: ChatHistoryMessage['citations'] | string;
  source: 'ai' | 'library';
  kind: 'suggested' | 'free';
  faith_journey: ChatHistoryMessage['preferences']['faithJourney'];
  communication_style: ChatHistoryMessage['preferences']['communicationStyle'];
  asked_at: Date | string;
  answered_at: Date | string;
  safety: SafetyCategory | null;
}

/** The reader's conversation about one chapter, oldest first, as user and assistant messages. */
export async function readChatHistory(
  q: Queryable,
  userId: string,
  book: string,
  chapter: number,
): Promise<ChatHistoryMessage[]> {
  const r = await q.query<HistoryRow>(
    `SELECT * FROM (
       SELECT exchange_id::text AS exchange_id, verse, question, response, citations, source, kind, faith_journey, communication_style, asked_at, answered_at, position, safety
       FROM assistant_chat_history_view WHERE user_id = $1 AND book = $2 AND chapter = $3
       ORDER BY position DESC LIMIT ${HISTORY_LIMIT}
     ) newest ORDER BY position ASC`,
    [userId, book, chapter],
  );
  return r.rows.flatMap((row) => {
    const preferences = { faithJourney: row.faith_journey, communicationStyle: row.communication_style };
    const citations: ChatHistoryMessage['citations'] =
      typeof row.citations === 'string' ? JSON.parse(row.citations) : row.citations;
    const question: ChatHistoryMessage[] = row.safety
      ? []
      : [
          {
            id: `${row.exchange_id}:q`,
            role: 'user',
            content: row.question,
            at: new Date(row.asked_at).toISOString(),
            verse: row.verse,
            preferences,
          },
        ];
    return [
      ...question,
      {
        id: `${row.exchange_id}:a`,
        role: 'assistant' as const,
        content: row.response,
        at: new Date(row.answered_at).toISOString(),
        verse: row.verse,
        preferences,
        citations,
        source: row.source,
        kind: row.kind,
        ...(row.safety ? { safety: row.safety } : {}),
      },
    ];
  });
}
