/**
 * A tiny toast store: at most 1 toast visible, default 5000 ms. A new toast
 * replaces the visible one. Dismissed toasts are removed after an exit delay.
 */
export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before auto-dismiss; default 5000. Infinity keeps it until dismissed. */
  duration?: number;
  action?: { label: string; onAction: () => void };
}

export interface Toast extends ToastInput {
  id: string;
  open: boolean;
  variant: ToastVariant;
  duration: number;
}

export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION = 5000;
/** The spec keeps a dismissed toast for 1,000,000 ms; we keep the entry only long enough to animate out. */
export const TOAST_REMOVE_DELAY = 300;

export type ToastAction =
  { type: 'add'; toast: Toast } | { type: 'dismiss'; id?: string } | { type: 'remove'; id?: string };

export function reduceToasts(state: readonly Toast[], action: ToastAction): Toast[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case 'dismiss':
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case 'remove':
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}

export interface ToastStore {
  getSnapshot(): readonly Toast[];
  subscribe(listener: () => void): () => void;
  toast(input: ToastInput): { id: string; dismiss: () => void };
  dismiss(id?: string): void;
}

export interface ToastTimers {
  set(fn: () => void, ms: number): ReturnType<typeof setTimeout>;
  clear(handle: ReturnType<typeof setTimeout>): void;
}

// Arrow wrappers: calling the browser's setTimeout as a method of another object throws
// 'Illegal invocation'.
const defaultTimers: ToastTimers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h),
};

export function createToastStore(timers: ToastTimers = defaultTimers): ToastStore {
  let state: Toast[] = [];
  let seq = 0;
  const listeners = new Set<() => void>();
  const autoTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const dispatch = (action: ToastAction) => {
    state = reduceToasts(state, action);
    listeners.forEach((l) => l());
  };

  const dismiss = (id?: string) => {
    for (const [key, h] of autoTimers) {
      if (id === undefined || id === key) {
        timers.clear(h);
        autoTimers.delete(key);
      }
    }
    dispatch({ type: 'dismiss', id });
    const ids = id === undefined ? state.map((t) => t.id) : [id];
    for (const i of ids) timers.set(() => dispatch({ type: 'remove', id: i }), TOAST_REMOVE_DELAY);
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toast(input) {
      const id = String(++seq);
      const duration = input.duration ?? TOAST_DEFAULT_DURATION;
      dispatch({ type: 'add', toast: { ...input, id, open: true, variant: input.variant ?? 'default', duration } });
      if (Number.isFinite(duration))
        autoTimers.set(
          id,
          timers.set(() => dismiss(id), duration),
        );
      return { id, dismiss: () => dismiss(id) };
    },
    dismiss,
  };
}
