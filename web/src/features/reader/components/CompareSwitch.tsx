import { ChevronDown } from '../../../components/icons';
import { COMPARE_CHOICES, type TextTranslation, type Translation } from '../state/readerUrl';

/** "Side by side": another text beside the reader's translation (its own column, verse by verse), or none. */
export function CompareSwitch({
  translation,
  value,
  onChange,
}: {
  translation: Translation;
  value: TextTranslation | null;
  onChange(t: TextTranslation | null): void;
}) {
  const choices = COMPARE_CHOICES.filter((c) => c.id !== translation);
  return (
    <div className="grid gap-1.5">
      <label htmlFor="compare-translation" className="text-xs font-semibold uppercase tracking-wider text-muted">
        Side by side
      </label>
      <div className="relative">
        <select
          id="compare-translation"
          value={value ?? ''}
          onChange={(e) => onChange(choices.find((c) => c.id === e.target.value)?.id ?? null)}
          className="h-10 w-full cursor-pointer appearance-none rounded-lg border border-line bg-surface pl-3 pr-9 text-sm text-ink shadow-sm focus-visible:outline-2 focus-visible:outline-accent"
        >
          <option value="">Off: one translation</option>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.label})
            </option>
          ))}
        </select>
        <ChevronDown
          width={16}
          height={16}
          className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-muted"
        />
      </div>
    </div>
  );
}
