import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Provider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, preloadScreen } from './App';
import { refreshAuth } from './lib/auth';
import { appStore } from './lib/store';
import { queryClient } from './lib/queryClient';
import { startRedLetterSync } from './lib/redLetter';
import { startVersePerLineSync } from './lib/versePerLine';
import { startTextSizeSync } from './lib/textSize';
import { startThemeSync } from './lib/theme';
import './index.css';

startThemeSync();
startTextSizeSync();
startRedLetterSync();
startVersePerLineSync();
void refreshAuth();
// The first screen's code is fetched while the auth check runs, and the first render waits for it
// (for a while: on a slow connection 'Loading...' shows as before): the screen paints once, instead
// of 'Loading...' replaced a moment later. (Not a top-level await: that would split the entry into
// many small chunks.) The first render is a transition, so React renders it in short slices
// instead of one long task that blocks input.
const FIRST_SCREEN_WAIT_MS = 500;
void Promise.race([
  preloadScreen(window.location.pathname),
  new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <Provider store={appStore}>
            <BrowserRouter>
              <App />
            </BrowserRouter>
          </Provider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
});

// The app shell works offline after the first visit (built assets only; no worker in development).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((e) => console.warn('Service worker registration failed', e));
  });
}
