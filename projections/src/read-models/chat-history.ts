import type { ChatExchanged, ChatHistoryMessage } from '@lectio/contracts/assistant';
import type { RecordedEvent } from '@lectio/contracts/events';
import type { Queryable } from '@lectio/platform/db';
import type { Projection } from '@lectio/platform/projections/runner';

/** Read model `chat-history` (assistant_chat_history_view): each reader's exchanges, found by passage. */
export const chatHistoryProjection: Projection = {
  name: 'chat-history',
  tables: ['assistant_chat_history_view'],
  eventTypes: ['ChatExchanged'],
  async apply(tx, event: RecordedEvent) {
    if (event.type !== 'ChatExchanged' || !event.streamId.startsWith('chat-')) return;
    const d = event.data as ChatExchanged;
    await tx.query(
      `INSERT INTO assistant_chat_history_view
         (exchange_id, user_id, book, chapter, verse, kind, question, response, citations, source, faith_journey, communication_style, asked_at, answered_at, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (exchange_id) DO NOTHING`,
      [
        d.exchangeId,
        event.streamId.slice('chat-'.length),
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
};

/** How many exchanges of one passage are shown again (the newest). */
export const HISTORY_LIMIT = 50;

interface HistoryRow {
  exchange_id: string;
  verse: number | null;
  question: string;
  response: string;
  citations: unknown;
  source: 'ai' | 'library';
  kind: 'suggested' | 'free';
  faith_journey: string | null;
  communication_style: string | null;
  asked_at: Date | string;
  answered_at: Date | string;
}

/** The reader's conversation about one chapter, oldest first, as user and assistant messages. */
export async function readChatHistory(q: Queryable, userId: string, book: string, chapter: number): Promise<ChatHistoryMessage[]> {
  const r = await q.query<HistoryRow>(
    `SELECT * FROM (
       SELECT exchange_id::text AS exchange_id, verse, question, response, citations, source, kind, faith_journey, communication_style, asked_at, answered_at, position
       FROM assistant_chat_history_view WHERE user_id = $1 AND book = $2 AND chapter = $3
       ORDER BY position DESC LIMIT ${HISTORY_LIMIT}
     ) newest ORDER BY position ASC`,
    [userId, book, chapter],
  );
  return r.rows.flatMap((row) => {
    const preferences = { faithJourney: row.faith_journey, communicationStyle: row.communication_style } as ChatHistoryMessage['preferences'];
    const citations = (typeof row.citations === 'string' ? JSON.parse(row.citations) : row.citations) as ChatHistoryMessage['citations'];
    return [
      { id: `${row.exchange_id}:q`, role: 'user' as const, content: row.question, at: new Date(row.asked_at).toISOString(), verse: row.verse, preferences },
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
      },
    ];
  });
}
