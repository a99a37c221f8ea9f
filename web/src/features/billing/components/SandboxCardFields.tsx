import { useEffect, useId, useState, type ReactNode } from 'react';
import { sandboxConfirmSetup } from '../api/billing';
import { billingErrorText } from '../state/errors';
import {
  brandName,
  brandOf,
  digitsOnly,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  validateCard,
  type CardErrors,
  type CardInput,
} from '../state/cards';
import { billingMessages } from '../state/messages';
import type { CardFieldsProps } from './cardFields';
import { SandboxNotice } from './SandboxNotice';

const inputClass =
  'h-11 w-full rounded-lg border bg-surface px-3 text-base tabular-nums text-ink shadow-sm outline-none transition-colors placeholder:text-muted/70 focus:border-accent focus:ring-2 focus:ring-accent/25 disabled:opacity-60 sm:text-sm';

/**
 * The sandbox's card form (our own; no provider script): number, MM/YY expiry and CVC, formatted
 * as typed, checked before sending, then confirmed by POST /api/sandbox/confirm-setup, which plays
 * the part Stripe.js plays against Stripe. Only brand, last four and expiry are ever stored.
 */
export default function SandboxCardFields({ clientSecret, confirmRef, disabled }: CardFieldsProps) {
  const id = useId();
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [checked, setChecked] = useState(false);
  const brand = brandOf(card.number);

  const update = (next: CardInput) => {
    setCard(next);
    if (checked) setErrors(validateCard(next));
  };

  useEffect(() => {
    confirmRef.current = async () => {
      setChecked(true);
      const errs = validateCard(card);
      setErrors(errs);
      const first = (['number', 'expiry', 'cvc'] as const).find((k) => errs[k]);
      if (first) {
        document.getElementById(`${id}-${first}`)?.focus();
        return { ok: false, message: null };
      }
      const expiry = parseExpiry(card.expiry)!;
      try {
        const confirmed = await sandboxConfirmSetup(clientSecret, {
          number: digitsOnly(card.number),
          expMonth: expiry.expMonth,
          expYear: expiry.expYear,
          cvc: digitsOnly(card.cvc),
        });
        if (!confirmed?.paymentMethodId) return { ok: false, message: billingMessages.notAttached };
        return { ok: true, card: confirmed };
      } catch (e) {
        return { ok: false, message: billingErrorText(e, billingMessages.confirmPaymentFailed) };
      }
    };
    return () => {
      confirmRef.current = null;
    };
  }, [card, clientSecret, confirmRef, id]);

  const field = (
    key: keyof CardInput,
    label: string,
    props: Record<string, unknown>,
    format: (v: string) => string,
    adornment?: ReactNode,
  ) => (
    <div className="grid gap-1.5">
      <label htmlFor={`${id}-${key}`} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={`${id}-${key}`}
          name={key}
          value={card[key]}
          disabled={disabled}
          inputMode="numeric"
          spellCheck={false}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={errors[key] ? `${id}-${key}-error` : key === 'number' ? `${id}-hint` : undefined}
          onChange={(e) => update({ ...card, [key]: format(e.target.value) })}
          className={`${inputClass} ${errors[key] ? 'border-danger' : 'border-line'}`}
          {...props}
        />
        {adornment}
      </div>
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="text-sm font-medium text-danger">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <fieldset className="grid gap-4" disabled={disabled}>
      <legend className="sr-only">Card details</legend>
      <SandboxNotice />
      {field(
        'number',
        'Card number',
        { autoComplete: 'cc-number', placeholder: '4242 4242 4242 4242', maxLength: 23 },
        formatCardNumber,
        // Centred on the input itself, so it sits on the line of the digits.
        brand && (
          <span
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs font-semibold text-muted"
            aria-live="polite"
          >
            {brandName(brand)}
          </span>
        ),
      )}
      <div className="grid grid-cols-2 gap-3">
        {/* No maxLength: a pasted '12 / 34' or '12/2034' is longer than what it formats to. */}
        {field('expiry', 'Expiry date (MM/YY)', { autoComplete: 'cc-exp', placeholder: 'MM/YY' }, (v) =>
          formatExpiry(v, card.expiry),
        )}
        {field('cvc', 'CVC', { autoComplete: 'cc-csc', placeholder: '123', maxLength: 4 }, (v) =>
          digitsOnly(v).slice(0, 4),
        )}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient
        funds; 4000 0000 0000 0341 saves but fails when charged. Any future expiry and any CVC.
      </p>
    </fieldset>
  );
}
