import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MIN } from '@lectio/contracts/constants';
import { formMessages, isValidEmail } from '@lectio/contracts/user';
import { ApiError } from './api';

/*
 * Client-side checks of the account forms (spec section 5), with the contract's messages and
 * e-mail rule. Imported from the zod-free @lectio/contracts/user, not @lectio/contracts/accounts:
 * that module builds zod schemas, and zod would double the size of the auth page's chunk. The
 * server checks again and has the last word.
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
  for (const key of Object.keys(errors) as K[]) if (errors[key]) out[key] = errors[key];
  return out;
}

export type LoginField = 'email' | 'password';
export function validateLogin(v: Record<LoginField, string>): FieldErrors<LoginField> {
  return compact({
    email: emailError(v.email),
    password: v.password.length < 1 ? formMessages.passwordRequired : v.password.length > PASSWORD_MAX ? formMessages.passwordMax : undefined,
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
    password: newPasswordError(v.password) ?? (v.currentPassword && v.password === v.currentPassword ? formMessages.passwordUnchanged : undefined),
    confirmPassword: v.confirmPassword !== v.password ? formMessages.passwordsDontMatch : undefined,
  });
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}

interface ServerErrorBody {
  message?: unknown;
  field?: unknown;
  errors?: unknown;
}

function body(e: unknown): ServerErrorBody | null {
  if (!(e instanceof ApiError)) return null;
  try {
    const parsed = JSON.parse(e.bodyText) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as ServerErrorBody) : null;
  } catch {
    return null;
  }
}

/** The server's field errors ({errors:[{field,message}]} or a single {field,message}). */
export function serverFieldErrors(e: unknown): Array<{ field: string; message: string }> {
  const b = body(e);
  if (!b) return [];
  if (Array.isArray(b.errors)) {
    return b.errors.filter((x): x is { field: string; message: string } => !!x && typeof x.field === 'string' && typeof x.message === 'string');
  }
  if (typeof b.field === 'string' && typeof b.message === 'string') return [{ field: b.field, message: b.message }];
  return [];
}

/**
 * What a failure toast says: field errors as 'field: message' joined by ', ', else the server's
 * message (429 included), else the fallback (network failures, empty bodies).
 */
export function failureText(e: unknown, fallback: string): string {
  const fields = serverFieldErrors(e);
  if (fields.length) return fields.map((f) => `${f.field}: ${f.message}`).join(', ');
  const b = body(e);
  if (b && typeof b.message === 'string' && b.message) return b.message;
  if (e instanceof ApiError && !b && e.bodyText && e.bodyText.length < 200 && !/^\s*</.test(e.bodyText)) return e.bodyText;
  return fallback;
}
