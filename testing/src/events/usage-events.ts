import type { UsageEvent } from '@lectio/contracts/assistant';

/** Test builders for usage-<userId>-<period> events (the deciders' specs and the read models' tests). */
export function questionAsked(
  questionId: string,
  reservedMicros: number,
  o: {
    periodStart: string;
    periodEnd: string;
    askedAt: string;
    promptTokensEstimate?: number;
    maxOutputTokens?: number;
  },
): Extract<UsageEvent, { type: 'QuestionAsked' }> {
  return {
    type: 'QuestionAsked',
    data: {
      questionId,
      kind: 'free',
      book: 'john',
      chapter: 3,
      verse: 16,
      periodStart: o.periodStart,
      periodEnd: o.periodEnd,
      promptTokensEstimate: o.promptTokensEstimate ?? 2000,
      maxOutputTokens: o.maxOutputTokens ?? 800,
      reservedMicros,
      askedAt: o.askedAt,
    },
  };
}

export function questionAnswered(
  questionId: string,
  costMicros: number,
  o: { totalTokens: number; completionTokens: number; answeredAt: string },
): Extract<UsageEvent, { type: 'QuestionAnswered' }> {
  return {
    type: 'QuestionAnswered',
    data: {
      questionId,
      promptTokens: o.totalTokens - o.completionTokens,
      completionTokens: o.completionTokens,
      totalTokens: o.totalTokens,
      costMicros,
      usageReported: true,
      completed: true,
      answeredAt: o.answeredAt,
    },
  };
}
