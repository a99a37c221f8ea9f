import { smallestQuestionMicros } from './usage-decider';
import type { UsageStream } from './usage-stream';
import { MONTHLY_BUDGET_MICROS } from '@lectio/contracts/constants';
import { EventMessage, streams } from '@lectio/contracts/events';
import { EVENTS_SUBJECT_PREFIX } from '@lectio/contracts/subjects';
import type { Runtime } from '@lectio/platform';

export const BUDGET_THRESHOLDS_CONSUMER = 'budget-thresholds';
export const QUESTION_ANSWERED_SUBJECT = `${EVENTS_SUBJECT_PREFIX}.usage.QuestionAnswered`;

/**
 * The budget-threshold policy: after each settled question (QuestionAnswered, from the bus), the
 * usage stream records BudgetThresholdReached for 80, 90 and 100% of the budget, once each per
 * period. Asynchronous on purpose: the answer never waits for it. Idempotent: the usage decider
 * records a threshold only once, so a message delivered twice changes nothing.
 */
export function runBudgetThresholdPolicy(
  rt: Pick<Runtime, 'bus' | 'clock' | 'logger' | 'config'>,
  usage: UsageStream,
  signal: AbortSignal,
  budgetMicros = MONTHLY_BUDGET_MICROS,
) {
  const smallest = smallestQuestionMicros({
    inputPerMTok: rt.config.AI_PRICE_INPUT_PER_MTOK,
    outputPerMTok: rt.config.AI_PRICE_OUTPUT_PER_MTOK,
  });
  return rt.bus.consume({
    consumer: BUDGET_THRESHOLDS_CONSUMER,
    filterSubject: QUESTION_ANSWERED_SUBJECT,
    signal,
    onError: (err) => rt.logger.warn({ err }, 'budget threshold policy failed; the message will be delivered again'),
    handler: async (msg) => {
      const parsed = EventMessage.safeParse(msg.payload);
      if (!parsed.success || parsed.data.type !== 'QuestionAnswered' || !streams.usage.partsOf(parsed.data.streamId))
        return;
      const event = parsed.data;
      const { events } = await usage.handle(
        event.streamId,
        { type: 'RecordThresholds', budgetMicros, smallestQuestionMicros: smallest, at: rt.clock.now() },
        {
          correlationId: event.metadata.correlationId,
          causationId: event.id,
          actor: { type: 'system', id: BUDGET_THRESHOLDS_CONSUMER },
        },
      );
      for (const e of events)
        if (e.type === 'BudgetThresholdReached')
          rt.logger.info({ stream: event.streamId, threshold: e.data.threshold }, 'budget threshold reached');
    },
  });
}
