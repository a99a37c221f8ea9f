import { expect } from 'vitest';
import type { Decider, DomainEvent } from '../decider';

/**
 * Given/when/then for deciders:
 *   spec(decider).given([e1, e2]).when(cmd).then([e3])
 *   spec(decider).given([]).when(cmd).thenThrows('message')
 */
export function spec<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return {
    given(events: E[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: C) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: E[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(message: string | RegExp) {
              expect(run).toThrow(message);
            },
            thenNothing() {
              expect(run()).toEqual([]);
            },
          };
        },
      };
    },
  };
}
