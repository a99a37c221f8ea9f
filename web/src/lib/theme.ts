import { storedPreference } from './storedPreference';

/** Theme: 'light' | 'dark' | 'system' under localStorage 'theme' (default system), synced across tabs. */
export type Theme = 'light' | 'dark' | 'system';
const THEME_KEY = 'theme';

function normaliseTheme(value: string | null | undefined): Theme {
  return value === 'light' || value === 'dark' ? value : 'system';
}

const systemDark = () => typeof window !== 'undefined' && window.matchMedia('(prefers-color-scheme: dark)').matches;

function applyTheme(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && systemDark());
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

const theme = storedPreference<Theme>({
  key: THEME_KEY,
  fallback: 'system',
  normalise: normaliseTheme,
  apply: applyTheme,
});

export const useTheme = theme.use;

/** Applies the stored theme, follows other tabs and the system preference; idempotent. */
let followingSystem = false;
export function startThemeSync(): void {
  theme.start();
  if (followingSystem || typeof window === 'undefined') return;
  followingSystem = true;
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (theme.get() === 'system') applyTheme('system');
  });
}
