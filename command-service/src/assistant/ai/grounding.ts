import { FAITH_JOURNEY_LABELS, COMMUNICATION_STYLE_LABELS } from '@lectio/contracts/assistant';
import { findAnyBook } from '@lectio/contracts/books';
import { formatReference } from '@lectio/contracts/reference';
import { DISTRESS_INSTRUCTION, passageContext } from '@lectio/library';
import type { ModelMessage } from './openai-model';
import type { AiQuestion } from './port';
import { questionGrounding } from './question-grounding';
import { countUtf8Bytes, type TokenCounter } from './token-count';

const TRANSLATION_NAMES = { web: 'World English Bible (WEB)', kjv: 'King James Version (KJV)' } as const;

const JOURNEY_GUIDANCE = {
  new_to_christianity:
    'They are new to Christianity: explain every term (grace, covenant, gospel...) in plain words and assume no background.',
  growing_believer:
    'They are a growing believer: connect the passage to daily practice and end with one concrete step.',
  mature_christian:
    'They are a mature Christian: connect the passage with other Scripture, Old and New Testament, with references.',
  bible_scholar:
    "They are a Bible scholar: include the Greek (transliterated, with Strong's numbers where given), the historical setting and the scholarly discussion.",
} as const;
const STYLE_GUIDANCE = {
  simple: 'Write simply: short sentences, everyday words, at most about 120 words.',
  moderate: 'Write clearly with some depth: about 150 to 250 words.',
  scholarly: 'Write with scholarly depth and precise vocabulary: up to about 400 words.',
} as const;

/** The rules every model answer follows: what makes an answer safe, fair and checkable. */
export const GROUNDING_RULES = [
  'Safety comes first. If the reader may be in danger (thoughts of suicide or self-harm, abuse, a medical emergency) or asks whether to do something dangerous (handling snakes, drinking poison, stopping medicine or refusing a doctor, going without water), answer first with care and these resources: call or text 988 (US and Canada), Samaritans on 116 123 (UK and Ireland), findahelpline.com elsewhere, the local emergency number, and for abuse a domestic-abuse hotline (US 1-800-799-7233, UK 0808 2000 247). Say plainly that Scripture does not command dangerous practices. Only then, gently, offer Scripture that comforts.',
  'Stay with the text: answer from the passage and the material below; when the question goes beyond them, say so briefly.',
  'Cite verses as references in the form Book Chapter:Verse (for example John 3:16 or 1 Corinthians 13:4-7), in parentheses after the point they support.',
  'Quote Scripture only in the words of the World English Bible (WEB) or the King James Version (KJV), exactly, in double quotation marks followed by its reference; the passage below is in one of them. When you are not sure of the exact words, paraphrase without quotation marks.',
  'Never invent a reference; if you are not sure of a verse number, do not give one.',
  'Be fair to every tradition: where Catholic, Orthodox and Protestant Christians (Lutheran, Reformed, Anglican, Methodist, Baptist, Pentecostal) read the passage differently, say so and give the main readings fairly, without ranking them. Matthew Henry is one Protestant voice of 1706, not the only reading.',
  'Do not claim certainty the text does not give. No greetings, no sign-off.',
];

/**
 * The grounding of a model's answer: the highlighted verse and its neighbours in the reader's
 * translation, Matthew Henry's section on the passage, the reader's faith journey and
 * communication style, and the rules. The question goes last, as the user's message.
 */
export function groundingMessages(q: AiQuestion): ModelMessage[] {
  const book = findAnyBook(q.context.book);
  const verse = q.context.verse ?? 1;
  const passage = book
    ? passageContext({ bookId: book.id, chapter: q.context.chapter, verse, translation: q.translation })
    : null;
  const reference = formatReference({
    bookId: q.context.book,
    chapter: q.context.chapter,
    verse: q.context.verse ?? undefined,
  });
  const journey = q.preferences.faithJourney ?? 'growing_believer';
  const style = q.preferences.communicationStyle ?? 'moderate';

  const lines: string[] = [
    'You are the Scripture Assistant of Lectio, a Bible-reading app. You help one reader understand the passage they highlighted.',
    '',
    'Rules:',
    ...GROUNDING_RULES.map((r, i) => `${i + 1}. ${r}`),
    ...(q.distress ? [`${GROUNDING_RULES.length + 1}. ${DISTRESS_INSTRUCTION}`] : []),
    '',
    `The reader: ${FAITH_JOURNEY_LABELS[journey]}, prefers a ${COMMUNICATION_STYLE_LABELS[style].toLowerCase()} style. ${JOURNEY_GUIDANCE[journey]} ${STYLE_GUIDANCE[style]}`,
    '',
    `The passage (${TRANSLATION_NAMES[q.translation]}), highlighted: ${reference}`,
  ];
  // Our text of the passage only: what the client says the verse reads never enters the instructions.
  for (const v of passage?.verses ?? [])
    lines.push(
      `${formatReference({ bookId: q.context.book, chapter: q.context.chapter, verse: v.number })}${v.number === q.context.verse ? ' [highlighted]' : ''}: ${v.text}`,
    );
  if (q.written) {
    lines.push(
      '',
      `Lectio's written answer to the question closest to the reader's ('${q.written.question}'), written by the Lectio team for this reader. Base your answer on it: keep its points, references and quotations, and add only what the reader's own question asks beyond it. The reader is told that the answer draws on it.`,
      q.written.answer,
    );
  }
  if (passage?.commentary) {
    lines.push(
      '',
      `${passage.commentary.source} on ${passage.commentary.reference} (public domain; you may draw on it, naming it when you do):`,
      passage.commentary.text.slice(0, 4000),
    );
  }
  // What the question asks and what the library holds on it, as the offline assistant understands it.
  lines.push(...questionGrounding(q, q.translation));
  if (passage && passage.wordStudies.length > 0 && (journey === 'bible_scholar' || style === 'scholarly')) {
    lines.push(
      '',
      "Greek words in the verse (Strong's):",
      ...passage.wordStudies
        .slice(0, 6)
        .map((w) => `- ${w.kjvWord}: ${w.lemma} (${w.transliteration}, ${w.strongs}): ${w.definition.slice(0, 200)}`),
    );
  }
  // Earlier turns about the same chapter, shortened: context for a follow-up, not new material to quote.
  const earlier: ModelMessage[] = (q.earlier ?? []).flatMap((e) => [
    { role: 'user' as const, content: e.question.slice(0, 1000) },
    { role: 'assistant' as const, content: e.answer.length > 1500 ? `${e.answer.slice(0, 1500)}...` : e.answer },
  ]);
  return [{ role: 'system', content: lines.join('\n') }, ...earlier, { role: 'user', content: q.text }];
}

/**
 * The prompt's tokens for the reservation: each message counted by the model's tokenizer (by its
 * UTF-8 bytes when we have none, which never undercounts), plus a generous per-message overhead
 * for the chat format.
 */
export function estimatePromptTokens(messages: ModelMessage[], count: TokenCounter = countUtf8Bytes): number {
  return messages.reduce((n, m) => n + count(m.content) + 8, 16);
}
