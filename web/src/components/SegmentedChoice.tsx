import type { ReactNode } from 'react';

export interface Choice<T extends string> {
  id: T;
  /** The accessible name of the radio button. */
  label: string;
  /** What is shown (hidden from assistive technology, which reads `label`). */
  content: ReactNode;
  title?: string;
}

/** A segmented control built from native radio buttons: arrow keys move the choice, Tab leaves it. */
export function SegmentedChoice<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  columns,
  itemClassName = 'px-2 py-1.5 text-sm',
}: {
  legend: string;
  name: string;
  choices: ReadonlyArray<Choice<T>>;
  value: T;
  onChange(value: T): void;
  columns: 2 | 3 | 4;
  itemClassName?: string;
}) {
  const grid = { 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4' }[columns];
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-xs font-semibold uppercase tracking-wider text-muted">{legend}</legend>
      <div className={`grid ${grid} gap-1 rounded-lg bg-raised p-1`}>
        {choices.map((c) => (
          <label
            key={c.id}
            title={c.title}
            className={`segment relative cursor-pointer rounded-md text-center font-medium text-muted transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${itemClassName}`}
          >
            <input
              type="radio"
              name={name}
              value={c.id}
              checked={value === c.id}
              onChange={() => onChange(c.id)}
              aria-label={c.label}
              className="absolute inset-0 cursor-pointer opacity-0"
            />
            <span aria-hidden="true">{c.content}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
