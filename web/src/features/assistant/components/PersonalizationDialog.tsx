import { useEffect, useState, type ReactNode } from 'react';
import { useAtom } from 'jotai';
import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Heading,
  Label,
  Popover,
  Radio,
  RadioGroup,
} from 'react-aria-components';
import {
  assistantMessages,
  COMMUNICATION_STYLE_LABELS,
  COMMUNICATION_STYLES,
  FAITH_JOURNEY_LABELS,
  FAITH_JOURNEYS,
  type CommunicationStyleValue,
  type FaithJourneyValue,
} from '@lectio/contracts/assistant';
import { toast } from '../../../components/toast';
import { HelpIcon } from '../../../components/icons';
import { asJourney, asStyle } from './PreferenceBadge';
import { Modal } from '../../../components/Modal';
import { Button } from '../../../components/ui';
import { refreshAuth } from '../../../lib/auth';
import { failureText } from '../../../lib/apiErrors';
import { savePreferences } from '../api/preferences';
import { personalizationOpenAtom } from '../state/atoms';
import { JourneyIcon, Stars } from './preferenceDisplay';

const JOURNEY_HELP: Record<FaithJourneyValue, string> = {
  new_to_christianity: 'Answers explain the words and ideas they use, and assume nothing.',
  growing_believer: 'Answers add a practical step for living out the passage.',
  mature_christian: 'Answers connect the passage with the rest of Scripture and how Christians read it.',
  bible_scholar: 'Answers add the Greek, the history and the main readings of the traditions.',
};
const STYLE_HELP: Record<CommunicationStyleValue, string> = {
  simple: 'Short answers in plain words.',
  moderate: 'A fuller explanation of the passage.',
  scholarly: 'The fullest answers, with depth and detail.',
};

/**
 * 'Personalization Settings': faith journey and communication style, each with a help dialog.
 * Save sends both, refreshes the user and tells the panel (`onSaved`); closing without saving
 * calls `onDismiss` (the reminder counts that as a dismissal).
 */
export function PersonalizationDialog({
  journey,
  style,
  onSaved,
  onDismiss,
}: {
  journey: FaithJourneyValue | null;
  style: CommunicationStyleValue | null;
  onSaved(): void;
  onDismiss(): void;
}) {
  const [open, setOpen] = useAtom(personalizationOpenAtom);
  const [choice, setChoice] = useState({ journey, style });
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (open) setChoice({ journey, style });
  }, [open, journey, style]);

  const close = () => {
    setOpen(false);
    onDismiss();
  };
  const save = async () => {
    if (pending || (!choice.journey && !choice.style)) return;
    setPending(true);
    try {
      await savePreferences({
        ...(choice.journey ? { faithJourney: choice.journey } : {}),
        ...(choice.style ? { communicationStyle: choice.style } : {}),
      });
      toast({ title: assistantMessages.preferencesSavedTitle, description: assistantMessages.preferencesSaved });
      await refreshAuth();
      onSaved();
      setOpen(false);
    } catch (e) {
      toast({
        title: assistantMessages.preferencesFailedTitle,
        description: failureText(e, assistantMessages.preferencesFailedTitle),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal isOpen={open} onOpenChange={(next) => !next && close()} className="max-h-[90dvh] max-w-lg overflow-y-auto">
      <Heading slot="title" className="font-serif text-2xl font-semibold">
        Personalization Settings
      </Heading>
      <p className="mt-1 text-sm text-muted">
        The assistant tailors every answer to where you are and how you like to read.
      </p>

      <RadioGroup
        value={choice.journey ?? ''}
        onChange={(v) => setChoice((c) => ({ ...c, journey: asJourney(v) }))}
        className="mt-5 grid gap-2"
      >
        <GroupLabel
          help={
            <HelpList
              title="Faith journey"
              items={FAITH_JOURNEYS.map((j) => [FAITH_JOURNEY_LABELS[j], JOURNEY_HELP[j]])}
            />
          }
        >
          Faith journey
        </GroupLabel>
        <div className="grid grid-cols-2 gap-2">
          {FAITH_JOURNEYS.map((j) => (
            <Radio key={j} value={j} className={optionClass}>
              <JourneyIcon journey={j} width={24} height={24} className="text-accent" />
              <span className="text-sm font-medium">{FAITH_JOURNEY_LABELS[j]}</span>
            </Radio>
          ))}
        </div>
      </RadioGroup>

      <RadioGroup
        value={choice.style ?? ''}
        onChange={(v) => setChoice((c) => ({ ...c, style: asStyle(v) }))}
        className="mt-5 grid gap-2"
      >
        <GroupLabel
          help={
            <HelpList
              title="Communication style"
              items={COMMUNICATION_STYLES.map((s) => [COMMUNICATION_STYLE_LABELS[s], STYLE_HELP[s]])}
            />
          }
        >
          Communication style
        </GroupLabel>
        <div className="grid grid-cols-3 gap-2">
          {COMMUNICATION_STYLES.map((s) => (
            <Radio key={s} value={s} className={optionClass}>
              <Stars style={s} />
              <span className="text-sm font-medium">{COMMUNICATION_STYLE_LABELS[s]}</span>
            </Radio>
          ))}
        </div>
      </RadioGroup>

      <div className="mt-6 flex justify-end gap-2">
        <Button variant="outline" onClick={close}>
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={pending || (!choice.journey && !choice.style)}>
          {pending ? 'Saving...' : 'Save Preferences'}
        </Button>
      </div>
    </Modal>
  );
}

const optionClass =
  'flex cursor-pointer flex-col items-center gap-1 rounded-xl border border-line px-2 py-3 text-center outline-none transition-colors hover:bg-raised data-[selected]:border-accent data-[selected]:bg-accent-soft data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-accent';

function GroupLabel({ children, help }: { children: string; help: ReactNode }) {
  return (
    <div className="flex items-center justify-between">
      <Label className="text-sm font-semibold">{children}</Label>
      <DialogTrigger>
        <AriaButton
          aria-label={`About ${children.toLowerCase()}`}
          className="grid size-7 place-items-center rounded-md text-muted outline-none hover:bg-raised data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent"
        >
          <HelpIcon width={16} height={16} />
        </AriaButton>
        <Popover
          placement="bottom end"
          className="w-[min(20rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-4 text-ink shadow-xl outline-none"
        >
          <Dialog className="outline-none">{help}</Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}

function HelpList({ title, items }: { title: string; items: Array<[string, string]> }) {
  return (
    <>
      <Heading slot="title" className="text-sm font-semibold">
        {title}
      </Heading>
      <dl className="mt-2 grid gap-2 text-sm">
        {items.map(([term, text]) => (
          <div key={term}>
            <dt className="font-medium">{term}</dt>
            <dd className="text-muted">{text}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
