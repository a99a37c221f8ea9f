import { TRANSLATIONS, type Translation } from '../lib/readerUrl';

/** WEB / KJV as a segmented control built from native radio buttons (arrow keys move the choice). */
export function TranslationSwitch({ value, onChange }: { value: Translation; onChange(t: Translation): void }) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-xs font-semibold uppercase tracking-wider text-muted">Translation</legend>
      <div className="grid grid-cols-2 gap-1 rounded-lg bg-raised p-1">
        {TRANSLATIONS.map((t) => (
          <label
            key={t.id}
            title={t.name}
            className="relative cursor-pointer rounded-md px-2 py-1.5 text-center text-sm font-medium text-muted transition-colors has-[:checked]:bg-surface has-[:checked]:text-ink has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent"
          >
            <input
              type="radio"
              name="translation"
              value={t.id}
              checked={value === t.id}
              onChange={() => onChange(t.id)}
              aria-label={`${t.label} (${t.name})`}
              className="absolute inset-0 cursor-pointer opacity-0"
            />
            <span aria-hidden="true">{t.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
