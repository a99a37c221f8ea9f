import { forwardRef, useCallback, useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';
import { keysOf } from '../lib/keys';

/*
 * Plain labelled inputs for the account forms: the label is a real <label>, the error is linked
 * with aria-describedby and marked with aria-invalid, and password fields can be revealed.
 */

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: string;
  /** Shown at the right end of the label row (e.g. a 'Forgot password?' link). */
  labelAside?: ReactNode;
}

const inputClass =
  'h-11 w-full rounded-lg border bg-surface px-3 text-base text-ink shadow-sm outline-none transition-colors placeholder:text-muted/70 focus:border-accent focus:ring-2 focus:ring-accent/25 disabled:opacity-60 sm:text-sm';

export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(function FormField(
  { label, value, onValueChange, error, hint, labelAside, type = 'text', className = '', ...rest },
  ref,
) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`grid gap-1.5 ${className}`}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type={isPassword && revealed ? 'text' : type}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          spellCheck={isPassword || type === 'email' ? false : undefined}
          autoCapitalize={isPassword || type === 'email' ? 'none' : undefined}
          className={`${inputClass} ${error ? 'border-danger' : 'border-line'} ${isPassword ? 'pr-12' : ''}`}
          {...rest}
        />
        {isPassword && (
          <button
            type="button"
            className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-muted hover:text-ink"
            aria-label={revealed ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={revealed}
            aria-controls={id}
            onClick={() => setRevealed((r) => !r)}
          >
            {revealed ? <EyeOffIcon width={18} height={18} /> : <EyeIcon width={18} height={18} />}
          </button>
        )}
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
});

/**
 * Form state in the manner of the original's form library: errors appear on submit, then every
 * change re-validates (so a fixed field clears at once). A failed submit focuses the first error.
 */
export function useAccountForm<K extends string>(
  initial: Record<K, string>,
  validate: (v: Record<K, string>) => Partial<Record<K, string>>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const submitted = useRef(false);
  const refs = useRef<Partial<Record<K, HTMLInputElement | null>>>({});
  const order = keysOf(initial);

  const focusFirst = (errs: Partial<Record<K, string>>) => {
    const first = order.find((k) => errs[k]);
    if (first) refs.current[first]?.focus();
  };

  const field = (key: K) => ({
    name: key,
    value: values[key],
    error: errors[key],
    ref: (el: HTMLInputElement | null) => {
      refs.current[key] = el;
    },
    onValueChange: (v: string) => {
      const next = { ...values, [key]: v };
      setValues(next);
      if (submitted.current) setErrors(validate(next));
    },
  });

  /** Validates everything; true when the form may be sent. */
  const check = (): boolean => {
    submitted.current = true;
    const errs = validate(values);
    setErrors(errs);
    focusFirst(errs);
    return Object.keys(errs).length === 0;
  };

  /** Shows the server's field errors on the fields they name (unknown fields are ignored). */
  const showServerErrors = (list: Array<{ field: string; message: string }>) => {
    const errs: Partial<Record<K, string>> = {};
    for (const { field, message } of list) {
      const key = order.find((k) => k === field);
      if (key && !errs[key]) errs[key] = message;
    }
    if (Object.keys(errs).length) {
      setErrors((prev) => ({ ...prev, ...errs }));
      focusFirst(errs);
    }
  };

  const reset = useCallback(() => {
    submitted.current = false;
    setValues(initial);
    setErrors({});
    // The initial values are read once, as useState reads them; a new object each render must not change reset.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { values, errors, field, check, showServerErrors, reset, setValues };
}
