import { BUDGET_THRESHOLDS } from '@lectio/contracts/constants';
import type { QuestionAnswered, QuestionAsked, QuestionReleased, UsageEvent } from '@lectio/contracts/assistant';
import { type Decider, VersionedMap, VersionedSet } from '@lectio/platform';
import { BudgetHeld, CreditTooLarge, MonthlyLimitReached, UnknownReservation } from '../errors';

/**
 * The usage-<userId>-<period> stream: the hard budget of one billing period, decided here.
 *
 * Money is in micro-dollars (integers). A price in dollars per million tokens is exactly the
 * price in micro-dollars per token, so cost = tokens x price, rounded up.
 *
 * - Reserve: the worst case (the prompt estimate plus the output cap) is held before the model
 *   is called; open reservations count as spent, so two questions at 99% cannot both be held
 *   (the second append fails on the expected version, is decided again, and is refused).
 *   The output cap is what is left, at most the configured ceiling.
 * - Settle: the real usage when the provider reported it, else what we counted of an answer that
 *   broke off (its prompt and the text received), else the whole reservation; never more
 *   than the reservation (a server that ignores max_tokens or over-reports usage cannot push the
 *   spending past the budget: its claim and the overshoot are recorded for support).
 * - Release: nothing was produced; the reservation is dropped, nothing is charged.
 * - RecordThresholds: 80, 90 and 100% of the budget spent, once each per period, in that order
 *   (a higher one reached records the lower ones not yet recorded first). 100% also when
 *   what is left cannot pay for the cheapest question: the reservation never lets spending pass
 *   the budget, so the last few cents would otherwise keep the limit from ever being 'reached'.
 */
export interface Prices {
  /** Dollars per million prompt tokens (= micro-dollars per token). */
  inputPerMTok: number;
  outputPerMTok: number;
}

export type UsageCommand =
  // The passage, period and prompt estimate are what QuestionAsked records: its fields, not copies.
  | (Pick<
      QuestionAsked,
      'questionId' | 'book' | 'chapter' | 'verse' | 'periodStart' | 'periodEnd' | 'promptTokensEstimate'
    > & {
      type: 'Reserve';
      /** The most output a question may have, whatever the budget. */
      maxOutputTokens: number;
      /** Below this output cap an answer is not worth starting: the limit is reached. */
      minOutputTokens: number;
      prices: Prices;
      budgetMicros: number;
      at: Date;
    })
  | {
      type: 'Settle';
      questionId: string;
      usage: { promptTokens: number; completionTokens: number; totalTokens: number } | null;
      /** No usage from the provider, but we know what was produced (an answer that broke off): the prompt and the text received, counted by us. */
      produced?: { promptTokens: number; completionTokens: number; totalTokens: number };
      completed: boolean;
      prices: Prices;
      at: Date;
    }
  | { type: 'Release'; questionId: string; reason: QuestionReleased['reason']; at: Date }
  /** Support gives back part of the period's spending: never more than was spent, at most `maxCreditMicros` in a period. */
  | { type: 'CreditBudget'; amountMicros: number; maxCreditMicros: number; at: Date }
  /**
   * `smallestQuestionMicros`: what the cheapest question costs; once less than that is left, the
   * budget is used up for every purpose and 100% is recorded. `exhausted`: a question was just
   * refused for the budget (the same conclusion, measured on a real question, when nothing is held).
   */
  | { type: 'RecordThresholds'; budgetMicros: number; smallestQuestionMicros: number; exhausted?: boolean; at: Date };

export interface OpenReservation {
  reservedMicros: number;
  promptTokensEstimate: number;
  maxOutputTokens: number;
}

export interface UsageState {
  /** Persistent collections: an event changes one entry instead of copying the rest, so a fold is linear. */
  open: VersionedMap<string, OpenReservation>;
  closed: VersionedSet<string>;
  spentMicros: number;
  heldMicros: number;
  questions: number;
  tokens: number;
  thresholds: number[];
  periodEnd: string | null;
  /** Given back by support in this period. */
  creditedMicros: number;
}

export const costMicros = (tokens: number, pricePerMTok: number) => Math.ceil(tokens * pricePerMTok);

/** The smallest prompt a question can have (the grounding rules alone), for the 100% threshold. */
export const SMALLEST_PROMPT_TOKENS = 400;
export const MIN_OUTPUT_TOKENS = 64;
export const smallestQuestionMicros = (prices: Prices, minOutputTokens = MIN_OUTPUT_TOKENS) =>
  costMicros(SMALLEST_PROMPT_TOKENS, prices.inputPerMTok) + costMicros(minOutputTokens, prices.outputPerMTok);

export const usageDecider: Decider<UsageCommand, UsageEvent, UsageState> = {
  initialState: () => ({
    open: VersionedMap.empty(),
    closed: VersionedSet.empty(),
    spentMicros: 0,
    heldMicros: 0,
    questions: 0,
    tokens: 0,
    thresholds: [],
    periodEnd: null,
    creditedMicros: 0,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'QuestionAsked': {
        const d: QuestionAsked = event.data;
        return {
          ...state,
          open: state.open.set(d.questionId, {
            reservedMicros: d.reservedMicros,
            promptTokensEstimate: d.promptTokensEstimate,
            maxOutputTokens: d.maxOutputTokens,
          }),
          heldMicros: state.heldMicros + d.reservedMicros,
          periodEnd: d.periodEnd,
        };
      }
      case 'QuestionAnswered': {
        const d: QuestionAnswered = event.data;
        const held = state.open.get(d.questionId)?.reservedMicros ?? 0;
        return {
          ...state,
          open: state.open.delete(d.questionId),
          closed: state.closed.add(d.questionId),
          heldMicros: state.heldMicros - held,
          spentMicros: state.spentMicros + d.costMicros,
          questions: state.questions + 1,
          tokens: state.tokens + d.totalTokens,
        };
      }
      case 'QuestionReleased': {
        const { questionId } = event.data;
        const held = state.open.get(questionId)?.reservedMicros ?? 0;
        return {
          ...state,
          open: state.open.delete(questionId),
          closed: state.closed.add(questionId),
          heldMicros: state.heldMicros - held,
        };
      }
      case 'BudgetThresholdReached':
        return { ...state, thresholds: [...state.thresholds, event.data.threshold] };
      case 'BudgetCredited':
        return {
          ...state,
          spentMicros: state.spentMicros - event.data.amountMicros,
          creditedMicros: state.creditedMicros + event.data.amountMicros,
        };
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreditBudget':
        if (command.amountMicros > state.spentMicros) throw new CreditTooLarge(state.spentMicros, 'spent');
        if (state.creditedMicros + command.amountMicros > command.maxCreditMicros)
          throw new CreditTooLarge(command.maxCreditMicros - state.creditedMicros, 'period');
        return [
          {
            type: 'BudgetCredited',
            data: { amountMicros: command.amountMicros, creditedAt: command.at.toISOString() },
          },
        ];
      case 'Reserve': {
        // A repeated command (a retried request with the same id) reserves nothing more.
        if (state.open.has(command.questionId) || state.closed.has(command.questionId)) return [];
        const unspent = command.budgetMicros - state.spentMicros;
        const left = unspent - state.heldMicros;
        const promptMicros = costMicros(command.promptTokensEstimate, command.prices.inputPerMTok);
        const outputCapOf = (money: number) =>
          Math.min(
            command.maxOutputTokens,
            command.prices.outputPerMTok > 0
              ? Math.floor((money - promptMicros) / command.prices.outputPerMTok)
              : money - promptMicros >= 0
                ? command.maxOutputTokens
                : -1,
          );
        const fits = (money: number) => money > 0 && outputCapOf(money) >= command.minOutputTokens;
        const outputCap = outputCapOf(left);
        if (!fits(left)) {
          // Said as the usage figures say it: what the settled spending leaves. Money another answer holds
          // comes back or is spent in a moment; only when it alone is in the way is the refusal a short one.
          if (state.heldMicros > 0 && fits(unspent)) throw new BudgetHeld(unspent, command.budgetMicros);
          throw new MonthlyLimitReached(command.periodEnd, unspent, command.budgetMicros);
        }
        const reservedMicros = promptMicros + costMicros(outputCap, command.prices.outputPerMTok);
        return [
          {
            type: 'QuestionAsked',
            data: {
              questionId: command.questionId,
              kind: 'free',
              book: command.book,
              chapter: command.chapter,
              verse: command.verse,
              periodStart: command.periodStart,
              periodEnd: command.periodEnd,
              promptTokensEstimate: command.promptTokensEstimate,
              maxOutputTokens: outputCap,
              reservedMicros,
              askedAt: command.at.toISOString(),
            },
          },
        ];
      }
      case 'Settle': {
        if (state.closed.has(command.questionId)) return [];
        const open = state.open.get(command.questionId);
        if (!open) throw new UnknownReservation(command.questionId);
        const u = command.usage;
        // No usage from the provider: what we counted was produced when we know it, else the reservation; never zero.
        const counted = u ?? command.produced ?? null;
        const claimed = counted
          ? costMicros(counted.promptTokens, command.prices.inputPerMTok) +
            costMicros(counted.completionTokens, command.prices.outputPerMTok)
          : open.reservedMicros;
        const cost = Math.min(claimed, open.reservedMicros);
        return [
          {
            type: 'QuestionAnswered',
            data: {
              questionId: command.questionId,
              promptTokens: counted?.promptTokens ?? open.promptTokensEstimate,
              completionTokens: counted?.completionTokens ?? open.maxOutputTokens,
              totalTokens: counted ? counted.totalTokens : open.promptTokensEstimate + open.maxOutputTokens,
              costMicros: cost,
              ...(u && claimed > cost ? { claimedCostMicros: claimed, overshootMicros: claimed - cost } : {}),
              usageReported: u !== null,
              completed: command.completed,
              answeredAt: command.at.toISOString(),
            },
          },
        ];
      }
      case 'Release': {
        if (state.closed.has(command.questionId)) return [];
        if (!state.open.has(command.questionId)) throw new UnknownReservation(command.questionId);
        return [
          {
            type: 'QuestionReleased',
            data: { questionId: command.questionId, reason: command.reason, releasedAt: command.at.toISOString() },
          },
        ];
      }
      case 'RecordThresholds': {
        // A refusal says the budget is used up only when no money is held: held money comes back if its answer fails (or its
        // process dies), and an answer that settles runs this again on what it really spent.
        const refusedOnSpending = command.exhausted === true && state.heldMicros === 0;
        const usedUp = refusedOnSpending || command.budgetMicros - state.spentMicros < command.smallestQuestionMicros;
        const highest = Math.max(
          0,
          ...BUDGET_THRESHOLDS.filter(
            (t) => state.spentMicros * 100 >= t * command.budgetMicros || (t === 100 && usedUp),
          ),
        );
        // Every threshold up to the highest reached, lowest first: a later event never names a lower threshold than an earlier one.
        const reached = BUDGET_THRESHOLDS.filter(
          (t) => t <= highest && !state.thresholds.includes(t) && !state.thresholds.some((r) => r > t),
        );
        return reached.map((threshold) => ({
          type: 'BudgetThresholdReached' as const,
          data: {
            threshold,
            spentMicros: state.spentMicros,
            budgetMicros: command.budgetMicros,
            reachedAt: command.at.toISOString(),
          },
        }));
      }
    }
  },
};
