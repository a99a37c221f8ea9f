import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MIN } from '@lectio/contracts/constants';
import { formMessages, isValidEmail } from '@lectio/contracts/user';
import { keysOf } from '../../../lib/keys';

/*
 * Client-side checks of the account forms, with the contract's messages and
 * e-mail rule. Imported from the zod-free @lectio/contracts/user, not @lectio/contracts/accounts:
 * that module builds zod schemas, and zod would double the size of the auth page's chunk. The
 * server checks again and has the last word. What a failed request's answer says is
 * lib/apiErrors.ts (every feature's forms use it).
 */

export { PASSWORD_MAX };

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function emailError(email: string): string | undefined {
  return isValidEmail(email) ? undefined : formMessages.email;
}

function newPasswordError(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return formMessages.passwordMin;
  if (password.length > PASSWORD_MAX) return formMessages.passwordMax;
  return undefined;
}

function compact<K extends string>(errors: Record<K, string | undefined>): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const key of keysOf(errors)) if (errors[key]) out[key] = errors[key];
  return out;
}

export type LoginField = 'email' | 'password';
export function validateLogin(v: Record<LoginField, string>): FieldErrors<LoginField> {
  return compact({
    email: emailError(v.email),
    password:
      v.password.length < 1
        ? formMessages.passwordRequired
        : v.password.length > PASSWORD_MAX
          ? formMessages.passwordMax
          : undefined,
  });
}

export type RegisterField = 'username' | 'email' | 'password' | 'confirmPassword';
export function validateRegister(v: Record<RegisterField, string>): FieldErrors<RegisterField> {
  return compact({
    username: v.username.trim().length < USERNAME_MIN ? formMessages.usernameMin : undefined,
    email: emailError(v.email),
    password: newPasswordError(v.password),
    confirmPassword: v.confirmPassword !== v.password ? formMessages.passwordsDontMatch : undefined,
  });
}

export type ResetField = 'password' | 'confirmPassword';
export function validateReset(v: Record<ResetField, string>): FieldErrors<ResetField> {
  return compact({
    password: newPasswordError(v.password),
    confirmPassword: v.confirmPassword !== v.password ? formMessages.passwordsDontMatch : undefined,
  });
}

export type ChangePasswordField = 'currentPassword' | 'password' | 'confirmPassword';
export function validateChangePassword(v: Record<ChangePasswordField, string>): FieldErrors<ChangePasswordField> {
  return compact({
    currentPassword: v.currentPassword.length < 1 ? formMessages.passwordRequired : undefined,
    password:
      newPasswordError(v.password) ??
      (v.currentPassword && v.password === v.currentPassword ? formMessages.passwordUnchanged : undefined),
    confirmPassword: v.confirmPassword !== v.password ? formMessages.passwordsDontMatch : undefined,
  });
}
