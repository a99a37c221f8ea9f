import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Provider } from 'jotai';
import { App, preloadScreen } from './App';
import { refreshAuth } from './lib/auth';
import { appStore } from './lib/store';
import { startRedLetterSync } from './lib/redLetter';
import { startTextSizeSync } from './lib/textSize';
import { startThemeSync } from './lib/theme';
import './index.css';

startThemeSync();
startTextSizeSync();
startRedLetterSync();
void refreshAuth();
// The first screen's code is fetched while the auth check runs, and the first render waits for it:
// the screen paints once, instead of 'Loading...' replaced a moment later (less work after the first paint).
// (Not a top-level await: that would split the entry into many small chunks.) The first render is a
// transition, so React renders it in short slices instead of one long task that blocks input.
void preloadScreen(window.location.pathname).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Provider store={appStore}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </Provider>
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
