/** The error a simulated crash throws (a request it ends answers 500, as a dying process would leave it). */
export class SimulatedCrash extends Error {}

/**
 * A crash right after an outside call succeeded, injected through the port itself: `wrap` gives
 * the port back unchanged until `arm(method)`; then the next call of that method does its work
 * (the provider charges, the trial starts) and throws instead of answering, so the caller never
 * records what happened. One arming, one crash.
 */
export function crashAfter() {
  let armed: string | null = null;
  return {
    arm(method: string) {
      armed = method;
    },
    get armed() {
      return armed !== null;
    },
    wrap<T extends object>(port: T): T {
      return new Proxy(port, {
        get(target, key) {
          const value: unknown = Reflect.get(target, key);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            const answer: unknown = value.apply(target, args);
            if (armed !== key) return answer;
            armed = null;
            return Promise.resolve(answer).then(() => {
              throw new SimulatedCrash(`simulated crash after ${String(key)} answered`);
            });
          };
        },
      });
    },
  };
}
