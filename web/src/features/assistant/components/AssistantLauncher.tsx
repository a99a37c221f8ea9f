import { useAtom } from 'jotai';
import { ChatIcon, CloseIcon } from '../../../components/icons';
import { SkipLink } from '../../../components/SkipLink';
import { assistantOpenAtom } from '../state/atoms';
import { ASSISTANT_PANEL_ID, LAUNCHER_ID } from './panelFrame';

/** Floating chat button (bottom right) that opens and closes the Scripture Assistant panel. */
export function AssistantLauncher() {
  const [open, setOpen] = useAtom(assistantOpenAtom);
  return (
    <button
      id={LAUNCHER_ID}
      type="button"
      aria-label={open ? 'Close Scripture Assistant' : 'Open Scripture Assistant'}
      aria-expanded={open}
      aria-controls={ASSISTANT_PANEL_ID}
      onClick={() => setOpen(!open)}
      // The open panel (a sheet on phones, docked beside the text from 768 px) has its own close button, so the button gives way to it.
      className={`fixed bottom-5 right-5 z-30 ${open ? 'hidden' : 'grid'} size-14 place-items-center rounded-full bg-accent text-accent-ink shadow-lg shadow-black/20 transition-transform hover:scale-105 active:scale-95`}
    >
      {open ? <CloseIcon /> : <ChatIcon />}
    </button>
  );
}

/** The reader's second skip link, after 'Skip to content': straight to the launcher. */
export function AssistantSkipLink() {
  return <SkipLink targetId={LAUNCHER_ID}>Skip to Scripture Assistant</SkipLink>;
}
