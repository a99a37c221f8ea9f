import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Provider } from 'jotai';
import { App } from './App';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={appStore}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);

// The app shell works offline after the first visit (built assets only; no worker in development).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((e) => console.warn('Service worker registration failed', e));
  });
}
