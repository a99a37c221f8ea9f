import type { Ref } from 'react';
import { FormField } from '../../../components/FormField';
import { PASSWORD_MAX } from '../state/accountForms';

type NewPasswordKey = 'password' | 'confirmPassword';
interface FieldBinding {
  name: string;
  value: string;
  error?: string;
  ref: Ref<HTMLInputElement>;
  onValueChange: (value: string) => void;
}

/**
 * A new password and its confirmation, as sign-up, the trial sign-up, the reset and the password
 * change ask for them (the browser's password manager offers a strong one for both).
 */
export function NewPasswordFields({
  field,
  label = 'Password',
  confirmLabel = 'Confirm Password',
  hint = 'At least 8 characters',
  autoFocus,
}: {
  field: (key: NewPasswordKey) => FieldBinding;
  label?: string;
  confirmLabel?: string;
  hint?: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <FormField
        label={label}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        hint={hint}
        autoFocus={autoFocus}
        {...field('password')}
      />
      <FormField
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        {...field('confirmPassword')}
      />
    </>
  );
}
