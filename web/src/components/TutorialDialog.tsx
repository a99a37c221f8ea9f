import { useAtom } from 'jotai';
import { Heading } from 'react-aria-components';
import { BookIcon, ChatIcon, SparkleIcon } from './icons';
import { Modal } from './Modal';
import { Button } from './ui';
import { markTutorialSeen, tutorialOpenAtom } from './tutorialState';

const STEPS = [
  {
    Icon: BookIcon,
    title: 'Read the Scripture',
    text: 'Choose a book and chapter from the navigation panel, or right-click (long-press on touch) any verse to jump anywhere.',
  },
  { Icon: ChatIcon, title: 'Ask questions', text: 'Open the Scripture Assistant with the chat button to ask about the passage you are reading.' },
  { Icon: SparkleIcon, title: 'Highlight verses', text: 'Click a verse to highlight it; the assistant then answers about that verse in its context.' },
];

export default function TutorialDialog() {
  const [open, setOpen] = useAtom(tutorialOpenAtom);
  const close = (next: boolean) => {
    if (!next) markTutorialSeen();
    setOpen(next);
  };
  return (
    <Modal isOpen={open} onOpenChange={close} className="max-w-md">
      {({ close: dismiss }) => (
        <>
          <Heading slot="title" className="font-serif text-2xl font-semibold">
            Welcome to Lectio
          </Heading>
          <p className="mt-1 text-sm text-muted">Three things to get you started:</p>
          <ol className="mt-5 grid gap-4">
            {STEPS.map(({ Icon, title, text }, i) => (
              <li key={title} className="flex gap-3">
                <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
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
        </>
      )}
    </Modal>
  );
}
