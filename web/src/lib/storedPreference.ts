import { useSyncExternalStore } from 'react';

/**
 * A display preference kept in localStorage, applied to the page and kept in sync across tabs
 * (the storage event). Theme and text size are both this.
 */
export interface StoredPreference<T extends string> {
  get(): T;
  set(value: T): void;
  /** Applies the stored value and starts listening to other tabs; idempotent. */
  start(): void;
  use(): [T, (value: T) => void];
}

export function storedPreference<T extends string>(options: {
  key: string;
  fallback: T;
  normalise(raw: string | null): T;
  apply(value: T): void;
}): StoredPreference<T> {
  const { key, fallback, normalise, apply } = options;
  const listeners = new Set<() => void>();
  const read = (): T => {
    try {
      return normalise(localStorage.getItem(key));
    } catch {
      return fallback;
    }
  };
  let current: T = typeof window === 'undefined' ? fallback : read();
  let started = false;
  const emit = () => listeners.forEach((l) => l());

  const set = (value: T) => {
    current = value;
    try {
      localStorage.setItem(key, value);
    } catch {
      // Private mode or a full quota: still apply it in this tab.
    }
    apply(value);
    emit();
  };

  return {
    get: () => current,
    set,
    start() {
      if (started || typeof window === 'undefined') return;
      started = true;
      apply(current);
      window.addEventListener('storage', (e) => {
        if (e.key !== key && e.key !== null) return;
        current = read();
        apply(current);
        emit();
      });
    },
    use() {
      const value = useSyncExternalStore(
        (l) => {
          listeners.add(l);
          return () => listeners.delete(l);
        },
        () => current,
        () => fallback,
      );
      return [value, set];
    },
  };
}
