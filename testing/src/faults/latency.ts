/**
 * An outside service as slow as one over a network: every call of the port answers `ms` later
 * (its work done, then the wait), so requests that race on it overlap as they would in production.
 */
export function latency(ms: number) {
  return {
    wrap<T extends object>(port: T): T {
      return new Proxy(port, {
        get(target, key) {
          const value: unknown = Reflect.get(target, key);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            const answer: unknown = value.apply(target, args);
            if (!(answer instanceof Promise)) return answer;
            return answer.then((v: unknown) => new Promise((resolve) => setTimeout(() => resolve(v), ms)));
          };
        },
      });
    },
  };
}
