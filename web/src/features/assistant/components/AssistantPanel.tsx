import { lazy, Suspense } from 'react';
import { useAtom } from 'jotai';
import { assistantOpenAtom } from '../../../reader/state';
import { ASSISTANT_PANEL_ID, PANEL_FRAME } from './panelFrame';

// The panel's code is fetched when it first opens, so the reader's first load stays small.
const OpenPanel = lazy(() => import('./OpenPanel'));

/** The Scripture Assistant panel, while the launcher (or a verse's Ask) has it open. */
export function AssistantPanel() {
  const [open, setOpen] = useAtom(assistantOpenAtom);
  if (!open) return null;
  return (
    <Suspense
      fallback={
        <aside id={ASSISTANT_PANEL_ID} aria-label="Scripture Assistant" className={PANEL_FRAME}>
          <p role="status" className="p-5 text-sm text-muted">
            Loading...
          </p>
        </aside>
      }
    >
      <OpenPanel onClose={() => setOpen(false)} />
    </Suspense>
  );
}
