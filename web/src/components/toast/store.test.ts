import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, reduceToasts, TOAST_DEFAULT_DURATION, type Toast } from './store';

const t = (id: string): Toast => ({ id, open: true, variant: 'default', duration: 5000, title: id });

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows at most one toast; the newest wins', () => {
    expect(reduceToasts([t('a')], { type: 'add', toast: t('b') }).map((x) => x.id)).toEqual(['b']);
  });

  it('auto-dismisses after the 5000 ms default and then removes', () => {
    const store = createToastStore();
    store.toast({ title: 'Logged out', description: 'You have been successfully logged out' });
    expect(store.getSnapshot()[0]).toMatchObject({ open: true, duration: TOAST_DEFAULT_DURATION, variant: 'default' });
    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot()[0]!.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()[0]!.open).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('honours custom durations and manual dismissal', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const { dismiss } = store.toast({ title: 'Sample Questions Available', duration: 6000, variant: 'destructive' });
    vi.advanceTimersByTime(5500);
    expect(store.getSnapshot()[0]!.open).toBe(true);
    dismiss();
    expect(store.getSnapshot()[0]!.open).toBe(false);
    expect(listener).toHaveBeenCalled();
  });
});
