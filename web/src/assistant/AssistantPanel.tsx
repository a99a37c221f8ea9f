import { lazy, Suspense } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { hasChatAccess, isTrialUser, useUser, type User } from '../lib/auth';
import { ChatIcon, CloseIcon } from '../components/icons';
import { assistantOpenAtom, selectedVerseAtom, type SelectedVerse } from '../reader/state';
import { AssistantPromo } from './AssistantPromo';
import { useBibleCacheStatus } from './useBibleCacheStatus';

const AssistantChat = lazy(() => import('./AssistantChat'));

export const ASSISTANT_PANEL_ID = 'scripture-assistant';

/** Floating chat button (bottom right) that opens and closes the Scripture Assistant panel. */
export function AssistantLauncher() {
  const [open, setOpen] = useAtom(assistantOpenAtom);
  return (
    <button
      type="button"
      aria-label={open ? 'Close Scripture Assistant' : 'Open Scripture Assistant'}
      aria-expanded={open}
      aria-controls={ASSISTANT_PANEL_ID}
      onClick={() => setOpen(!open)}
      className="fixed bottom-5 right-5 z-30 grid size-14 place-items-center rounded-full bg-accent text-accent-ink shadow-lg shadow-black/20 transition-transform hover:scale-105 active:scale-95"
    >
      {open ? <CloseIcon /> : <ChatIcon />}
    </button>
  );
}

export function AssistantPanel() {
  const [open, setOpen] = useAtom(assistantOpenAtom);
  const user = useUser();
  const verse = useAtomValue(selectedVerseAtom);
  if (!open) return null;
  return <OpenPanel onClose={() => setOpen(false)} user={user} verse={verse} />;
}

function OpenPanel({ onClose, user, verse }: { onClose: () => void; user: User | null; verse: SelectedVerse | null }) {
  const cache = useBibleCacheStatus(verse?.translation ?? 'web');
  const mode = hasChatAccess(user) || !!user?.stripeSubscriptionId ? 'subscriber' : isTrialUser(user) ? 'trial' : 'promo';

  return (
    <aside
      id={ASSISTANT_PANEL_ID}
      aria-labelledby="assistant-title"
      className="fixed bottom-24 right-4 z-30 flex h-[min(640px,calc(100dvh-8rem))] w-[calc(100vw-2rem)] max-w-[450px] flex-col overflow-hidden rounded-2xl border border-line bg-surface text-ink shadow-2xl"
    >
      <div className="flex items-center gap-3 border-b border-line px-4 py-3">
        <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-accent-soft text-accent">
          <ChatIcon width={18} height={18} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="assistant-title" className="font-serif text-lg font-semibold leading-tight">
            Scripture Assistant
          </h2>
          {verse && (
            <p className="truncate text-xs text-muted">
              {verse.bookName} {verse.chapter}:{verse.verse}
            </p>
          )}
          {cache === 'loading' && (
            <p role="status" className="text-xs text-muted">
              Loading Bible content...
            </p>
          )}
        </div>
        <button type="button" aria-label="Close Scripture Assistant panel" onClick={onClose} className="grid size-8 place-items-center rounded-md text-muted hover:bg-raised">
          <CloseIcon width={16} height={16} />
        </button>
      </div>
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
        {mode === 'promo' ? (
          <AssistantPromo />
        ) : (
          <Suspense fallback={<p className="p-5 text-sm text-muted">Loading...</p>}>
            <AssistantChat mode={mode} />
          </Suspense>
        )}
      </div>
      <p className="border-t border-line px-4 py-2 text-center text-[11px] text-muted">
        Responses come from an AI provider and may be inaccurate.
      </p>
    </aside>
  );
}
