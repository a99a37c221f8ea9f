import { useSyncExternalStore } from 'react';

/** Theme: 'light' | 'dark' | 'system' under localStorage 'theme' (default system), synced across tabs. */
export type Theme = 'light' | 'dark' | 'system';
export const THEME_KEY = 'theme';

export function normaliseTheme(value: string | null | undefined): Theme {
  return value === 'light' || value === 'dark' ? value : 'system';
}

const listeners = new Set<() => void>();
let current: Theme = typeof window === 'undefined' ? 'system' : readStored();

function readStored(): Theme {
  try {
    return normaliseTheme(localStorage.getItem(THEME_KEY));
  } catch {
    return 'system';
  }
}

function systemDark(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function applyTheme(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && systemDark());
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

function emit() {
  listeners.forEach((l) => l());
}

export function setTheme(theme: Theme): void {
  current = theme;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    /* private mode: still apply for this tab */
  }
  applyTheme(theme);
  emit();
}

let started = false;
/** Wires the cross-tab storage event and the system preference; idempotent. */
export function startThemeSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  applyTheme(current);
  window.addEventListener('storage', (e) => {
    if (e.key === THEME_KEY || e.key === null) {
      current = readStored();
      applyTheme(current);
      emit();
    }
  });
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (current === 'system') applyTheme('system');
  });
}

export function useTheme(): [Theme, (t: Theme) => void] {
  const theme = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => 'system' as Theme,
  );
  return [theme, setTheme];
}
