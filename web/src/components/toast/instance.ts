import { useSyncExternalStore } from 'react';
import { createToastStore, type ToastInput } from './store';

/** The app-wide toast store. Call `toast({ title, description, variant })` from anywhere. */
export const toastStore = createToastStore();

export function toast(input: ToastInput) {
  return toastStore.toast(input);
}

export function useToasts() {
  return useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
}
