import type { ReactNode } from 'react';
import { MONTHLY_BUDGET_DOLLARS, PREMIUM_PRICE_LABEL, QUESTIONS_PER_MONTH_ESTIMATE } from '@lectio/contracts/constants';
import { formatLongDate, nextBillingDate, StatusBadge } from '../../accounts';
import { userAccess } from '../../../lib/access';
import type { User } from '../../../lib/auth';
import type { PaymentMethod } from '../api/billing';
import { brandName, maskedCard } from '../state/cards';
import { isCancelled } from './parts';

export const budgetLabel = `$${MONTHLY_BUDGET_DOLLARS.toFixed(2)}`;

/** When a cancelled subscription's access ends (the paid period, or the trial when cancelled in it). */
export function accessEndsAt(user: User): string | null {
  return userAccess(user)?.accessEndsAt ?? null;
}

/** The plan's facts as the account page and the Manage Subscription page show them. */
export function planFacts(user: User, card?: PaymentMethod | null): Array<[string, ReactNode]> {
  const status = user.subscriptionStatus;
  const facts: Array<[string, ReactNode]> = [
    ['Plan', 'Premium Membership'],
    ['Price', PREMIUM_PRICE_LABEL],
    ['Status', <StatusBadge key="s" status={status} />],
  ];
  if (status === 'active') {
    facts.push(['Next billing date', formatLongDate(nextBillingDate(user))]);
    facts.push(['Monthly AI budget', `${budgetLabel} (about ${QUESTIONS_PER_MONTH_ESTIMATE} questions)`]);
  }
  if (status === 'trial' && user.trialEndsAt) facts.push(['Trial ends', formatLongDate(user.trialEndsAt)]);
  if (isCancelled(status) && accessEndsAt(user)) facts.push(['Access until', formatLongDate(accessEndsAt(user))]);
  if (card !== undefined)
    facts.push([
      'Payment method',
      card ? (
        <span className="tabular-nums">{`${brandName(card.brand)} ${maskedCard(card.last4)}`}</span>
      ) : (
        'None on file'
      ),
    ]);
  return facts;
}
