import { assistantMessages } from '@lectio/contracts/assistant';
import { CloseIcon } from '../../../components/icons';
import { SeedlingIcon } from '../../../components/icons';

/** 'Personalize Your Experience', shown while the server says showReminder. */
export function PreferenceReminderBanner({ onUpdate, onDismiss }: { onUpdate(): void; onDismiss(): void }) {
  return (
    <div
      role="region"
      aria-label={assistantMessages.reminderTitle}
      className="mx-3 mt-3 flex items-start gap-2 rounded-xl border border-accent/30 bg-accent-soft px-3 py-2.5 text-sm"
    >
      <SeedlingIcon className="mt-0.5 shrink-0 text-accent" />
      <div className="flex-1">
        <p className="font-semibold">{assistantMessages.reminderTitle}</p>
        <p className="text-xs text-muted">
          Tell the assistant about your faith journey and how you like answers.{' '}
          <button
            type="button"
            onClick={onUpdate}
            className="font-medium text-accent underline underline-offset-2 hover:no-underline"
          >
            Update preferences
          </button>
        </p>
      </div>
      <button
        type="button"
        aria-label="Dismiss the personalization reminder"
        onClick={onDismiss}
        className="grid size-6 place-items-center rounded text-muted hover:bg-surface"
      >
        <CloseIcon width={14} height={14} />
      </button>
    </div>
  );
}
