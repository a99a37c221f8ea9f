import { useEffect, useId, useRef } from 'react';
import { useAtom } from 'jotai';
import { BookIcon, ChatIcon, SparkleIcon } from './icons';
import { Button } from './ui';
import { markTutorialSeen, tutorialOpenAtom } from './tutorialState';

const STEPS = [
  {
    Icon: BookIcon,
    title: 'Read the Scripture',
    text: 'Choose a book and chapter from the navigation panel, or right-click (long-press on touch) any verse to jump anywhere.',
  },
  {
    Icon: ChatIcon,
    title: 'Ask questions',
    text: 'Open the Scripture Assistant with the chat button to ask about the passage you are reading.',
  },
  {
    Icon: SparkleIcon,
    title: 'Highlight verses',
    text: 'Click a verse to highlight it; the assistant then answers about that verse in its context.',
  },
];

/*
 * A native modal <dialog> (showModal: focus moved in, the page behind inert, Escape closes), not
 * react-aria's Modal: a new reader's first /home would otherwise fetch and run react-aria's overlay
 * code (150 kB) while the chapter is still painting. Looks like Modal.tsx's centred card.
 */
export default function TutorialDialog() {
  const [open, setOpen] = useAtom(tutorialOpenAtom);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const dismiss = () => {
    markTutorialSeen();
    setOpen(false);
  };
  // A click on the backdrop lands on the <dialog> itself (its content fills it): it dismisses, as
  // Modal does. (Escape is the keyboard's way, handled by the browser: onClose below.)
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClick = (e: MouseEvent) => {
      if (e.target !== dialog) return;
      markTutorialSeen();
      setOpen(false);
    };
    dialog.addEventListener('click', onClick);
    return () => dialog.removeEventListener('click', onClick);
  }, [setOpen]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // Escape: the browser closes the dialog itself; the app's state follows.
      onClose={dismiss}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-line bg-surface p-0 text-ink shadow-2xl outline-none backdrop:bg-black/45 backdrop:backdrop-blur-[2px]"
    >
      <div className="p-6">
        <h2 id={titleId} className="font-serif text-2xl font-semibold">
          Welcome to Lectio
        </h2>
        <p className="mt-1 text-sm text-muted">Three things to get you started:</p>
        <ol className="mt-5 grid gap-4">
          {STEPS.map(({ Icon, title, text }, i) => (
            <li key={title} className="flex gap-3">
              <span
                aria-hidden="true"
                className="grid size-9 shrink-0 place-items-center rounded-full bg-accent-soft text-accent"
              >
                <Icon width={18} height={18} />
              </span>
              <div>
                <p className="font-medium">
                  <span className="sr-only">Step {i + 1}: </span>
                  {title}
                </p>
                <p className="text-sm text-muted">{text}</p>
              </div>
            </li>
          ))}
        </ol>
        <Button className="mt-6 w-full justify-center" onClick={dismiss} autoFocus>
          Start Exploring
        </Button>
      </div>
    </dialog>
  );
}
