import { TEXT_SIZES, useTextSize } from '../lib/textSize';

const GLYPH_SIZE: Record<string, string> = { small: 'text-xs', medium: 'text-sm', large: 'text-base', larger: 'text-lg' };

/** Text size as native radio buttons, like the translation switch (arrow keys move the choice). */
export function TextSizeSwitch() {
  const [size, setSize] = useTextSize();
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-xs font-semibold uppercase tracking-wider text-muted">Text size</legend>
      <div className="grid grid-cols-4 gap-1 rounded-lg bg-raised p-1">
        {TEXT_SIZES.map((s) => (
          <label
            key={s.id}
            title={s.label}
            className="relative grid h-8 cursor-pointer place-items-center rounded-md font-serif font-medium text-muted transition-colors has-[:checked]:bg-surface has-[:checked]:text-ink has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent"
          >
            <input
              type="radio"
              name="text-size"
              value={s.id}
              checked={size === s.id}
              onChange={() => setSize(s.id)}
              aria-label={`${s.label} text`}
              className="absolute inset-0 cursor-pointer opacity-0"
            />
            <span aria-hidden="true" className={GLYPH_SIZE[s.id]}>
              A
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
