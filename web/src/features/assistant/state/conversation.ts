import type {
  ChatHistoryMessage,
  ChatResponse,
  ChatSource,
  Citation,
  Preferences,
  QuestionKind,
} from '@lectio/contracts/assistant';
import type { SafetyCategory } from '@lectio/contracts/safety';

/** A message in the panel (the spec's chat message: role, content and a preferences snapshot). */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** 'streaming' while the answer arrives; 'failed' for the apology or a refusal's message. */
  status: 'done' | 'streaming' | 'failed';
  citations: Citation[];
  source?: ChatSource;
  kind?: QuestionKind;
  preferences?: Preferences;
  /** A safety answer: its helplines are shown as links. */
  safety?: SafetyCategory;
  /** An answer that opens with a check-in: its helplines are shown as links too. */
  checkIn?: SafetyCategory;
  /** Free text answered from our written answer to this suggested question. */
  matched?: ChatResponse['matched'];
}

/** One reader's conversation about one chapter (the reader is part of the key: another account signed in on this tab never sees it). */
export const passageKey = (reader: string, book: string, chapter: number) => `${reader}|${book}:${chapter}`;

let counter = 0;
export const localId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export function fromHistory(messages: readonly ChatHistoryMessage[]): ChatMessage[] {
  return messages.map((m) => ({
    id: m.id,
    role: m.role,
    content: m.content,
    status: 'done',
    citations: m.citations ?? [],
    source: m.source,
    kind: m.kind,
    preferences: m.preferences,
    safety: m.safety,
  }));
}

export const answered = (id: string, body: ChatResponse): ChatMessage => ({
  id,
  role: 'assistant',
  content: body.response,
  status: 'done',
  citations: body.citations,
  source: body.source,
  kind: body.kind,
  preferences: body.preferences,
  safety: body.safety,
  checkIn: body.checkIn,
  matched: body.matched,
});

/** Replaces the message with this id, leaving the others (and their order) alone. */
export const replaceMessage = (list: readonly ChatMessage[], id: string, next: (m: ChatMessage) => ChatMessage) =>
  list.map((m) => (m.id === id ? next(m) : m));
