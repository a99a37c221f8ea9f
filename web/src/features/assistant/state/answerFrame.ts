import { assistantMessages } from '@lectio/contracts/assistant';
import { safetyMessages } from '@lectio/contracts/safety';
import type { AssistantMode } from './access';
import type { ChatMessage } from './conversation';

/**
 * Where an answer comes from, said once and truly, decided here only: the label over an answer,
 * the text under it (without the offline notice the label now says) and the panel's footer.
 */
export const answerLabels = {
  suggested: 'Expert answer from the Lectio library',
  /** The offline library assistant's answer to free text (the notice its text opens with, said once). */
  offline: 'Offline answer from the Lectio library, not from an AI model',
  library: 'Answer from the Lectio library, not from an AI model',
} as const;

export const footers = {
  /** Under answers written by a model: they come from an AI provider and may be inaccurate. */
  ai: assistantMessages.footer,
  library: 'Answers come from the Lectio library, not from an AI model, and may be incomplete.',
} as const;

/** The offline notice as a paragraph of its own, wherever the answer has it (a check-in or a written answer's notice may come first). */
const OFFLINE_NOTICE = new RegExp(
  `(^|\\n\\n)${assistantMessages.offlineNotice.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[ \\t]*(\\n\\n|\\n|$)`,
);

export interface AnswerFrame {
  /** The chip over the answer, or null (a model's answer: the footer says it). */
  label: string | null;
  /** The answer's text as shown. */
  body: string;
}

export function answerFrame(
  message: Pick<ChatMessage, 'content' | 'source' | 'kind' | 'matched' | 'safety'>,
): AnswerFrame {
  if (message.safety) return { label: safetyMessages.label, body: message.content };
  const offline = OFFLINE_NOTICE.test(message.content);
  // While it streams the source is not known yet; the notice in its text says it already.
  if (offline) return { label: answerLabels.offline, body: message.content.replace(OFFLINE_NOTICE, '$1').trim() };
  if (message.source !== 'library') return { label: null, body: message.content };
  const label = message.kind === 'suggested' || message.matched ? answerLabels.suggested : answerLabels.library;
  return { label, body: message.content };
}

/**
 * The panel's footer: what the latest answer came from. Before any answer, a trial reader's answers
 * can only be the library's (suggested questions); a Premium reader's are a model's when one is
 * configured, which `answeredBy` (from the usage figures) tells, the model's footer if it is unknown.
 */
export function panelFooter(
  messages: readonly ChatMessage[],
  mode: AssistantMode,
  answeredBy?: 'ai' | 'library',
): string {
  const latest = [...messages].reverse().find((m) => m.role === 'assistant' && m.status === 'done' && !m.safety);
  if (latest) return latest.source === 'ai' ? footers.ai : footers.library;
  if (mode === 'trial') return footers.library;
  return answeredBy === 'library' ? footers.library : footers.ai;
}
