import { type RecordedEvent, streamCategory, streams } from '@lectio/contracts/events';
import type { ReplayedState } from '@lectio/contracts/support';
import type { UserStream } from '../accounts/user-stream';
import type { UsageStream } from '../assistant/budget/usage-stream';
import { foldSubscription } from '../billing/subscription-decider';

const USAGE_PERIOD = /-(\d{8})$/;

/**
 * An account as it was right after `position`: its events up to there folded by the command
 * side's own deciders (the user decider, billing's fold, the usage decider, upcasting included),
 * so support sees what the command side would have decided on at that moment. `events` are the
 * account's events of every stream, oldest first (the query side gathers them). `handlers` are the
 * user and usage streams' command handlers, whose folds upcast as their loads do.
 */
export function replayAccount(
  handlers: { users: UserStream; usage: UsageStream },
  events: RecordedEvent[],
  position?: bigint,
): ReplayedState {
  const upTo = position === undefined ? events : events.filter((e) => e.position <= position);
  const at = position ?? upTo[upTo.length - 1]?.position ?? 0n;
  const of = (stream: { category: string }) => upTo.filter((e) => streamCategory(e.streamId) === stream.category);

  const user = handlers.users.fold(of(streams.user));
  const sub = foldSubscription(of(streams.subscription));
  const usageEvents = of(streams.usage);
  const newestUsage = usageEvents[usageEvents.length - 1]?.streamId;
  const usage = handlers.usage.fold(usageEvents.filter((e) => e.streamId === newestUsage));

  return {
    position: at.toString(),
    user: {
      registered: user.registered,
      username: user.registered ? user.username : null,
      email: user.registered ? user.email : null,
      support: user.registered && user.support === true,
      faithJourney: (user.registered && user.faithJourney) || null,
      communicationStyle: (user.registered && user.communicationStyle) || null,
      passwordChangedAt: (user.registered && user.passwordChangedAt) || null,
    },
    subscription: {
      status: sub.status,
      trialUsed: sub.trialUsed,
      trialEndsAt: sub.trialEndsAt,
      currentPeriodStart: sub.periodStart,
      currentPeriodEnd: sub.periodEnd,
      accessEndsAt: sub.accessEndsAt,
      cancelledDuringTrial: sub.cancelledDuringTrial,
      lastPaymentError: sub.lastPaymentError,
      paymentMethods: [...sub.cards.values()].map((c) => ({
        id: c.paymentMethodId,
        brand: c.brand,
        last4: c.last4,
        expMonth: c.expMonth,
        expYear: c.expYear,
        isDefault: c.paymentMethodId === sub.defaultPaymentMethodId,
      })),
    },
    usage: {
      period: newestUsage ? (USAGE_PERIOD.exec(newestUsage)?.[1] ?? null) : null,
      spentMicros: usage.spentMicros,
      spent: usage.spentMicros / 1_000_000,
      heldMicros: usage.heldMicros,
      questions: usage.questions,
      tokens: usage.tokens,
      thresholds: usage.thresholds,
    },
  };
}
