import { lazy, Suspense } from 'react';
import { useAtom } from 'jotai';
import { useLocation } from 'react-router-dom';
import { findAnyBook } from '@lectio/contracts/books';
import { parseReaderSearch } from '../../reader';
import { assistantOpenAtom } from '../state/atoms';
import { ASSISTANT_PANEL_ID, PANEL_FRAME } from './panelFrame';

// The panel's code is fetched when it first opens, so the reader's first load stays small.
const OpenPanel = lazy(() => import('./OpenPanel'));

/** The Scripture Assistant panel, while the launcher (or a verse's Ask) has it open. */
export function AssistantPanel() {
  const [open, setOpen] = useAtom(assistantOpenAtom);
  if (!open) return null;
  return (
    <Suspense fallback={<LoadingPanel />}>
      <OpenPanel onClose={() => setOpen(false)} />
    </Suspense>
  );
}

/** While the panel's code arrives: its title and passage at once, the rest in a moment. */
function LoadingPanel() {
  const pos = parseReaderSearch(useLocation().search);
  return (
    <aside id={ASSISTANT_PANEL_ID} aria-labelledby="assistant-title" className={PANEL_FRAME}>
      <div className="border-b border-line px-4 py-3 pl-[3.75rem]">
        <h2 id="assistant-title" className="font-serif text-base font-semibold leading-tight sm:text-lg">
          Scripture Assistant
        </h2>
        <p className="text-xs text-muted">
          {findAnyBook(pos.book)?.name ?? pos.book} {pos.chapter}
          {pos.verse !== null && `:${pos.verse}`}
        </p>
      </div>
      <p role="status" className="p-5 text-sm text-muted">
        Loading...
      </p>
    </aside>
  );
}
