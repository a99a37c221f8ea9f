import { type UsageEvent, usagePeriodKey } from '@lectio/contracts/assistant';
import { usageEventSchemas } from '@lectio/contracts/assistant-schemas';
import { streams } from '@lectio/contracts/events';
import { createCommandHandler } from '@lectio/platform';
import type { EventStore } from '@lectio/platform/eventstore';
import { type UsageCommand, usageDecider, type UsageState } from './usage-decider';

/** A reader's usage in one budget period: usage-<userId>-<YYYYMMDD of the period start>. */
export interface UsagePeriod {
  userId: string;
  periodStart: string | Date;
}

/**
 * The usage stream, configured once. Many questions of one reader race on it (that race is the
 * hard budget), so a command is decided again up to 10 times before the reader is told to retry.
 * Made once by the assistant module (`usage`), which passes it to support.
 */
export const usageStream = (store: EventStore) =>
  createCommandHandler<UsageCommand, UsageEvent, UsageState, UsagePeriod | string>(store, {
    // A usage stream id as it was recorded (the policy reacts to an event that names it), or a reader and period.
    streamId: (id) => (typeof id === 'string' ? id : streams.usage(id.userId, usagePeriodKey(id.periodStart))),
    decider: usageDecider,
    schemas: usageEventSchemas,
    retries: 10,
  });

export type UsageStream = ReturnType<typeof usageStream>;
