import { ApiError } from './api';

/*
 * What a failed request's answer says, for a form or a toast: the server's field errors, its
 * message, or a fallback. Shared by every feature's forms (FormSubmit, billing, the assistant).
 */

interface ServerErrorBody {
  message?: unknown;
  field?: unknown;
  errors?: unknown;
}

function body(e: unknown): ServerErrorBody | null {
  if (!(e instanceof ApiError)) return null;
  try {
    const parsed: unknown = JSON.parse(e.bodyText);
    if (!parsed || typeof parsed !== 'object') return null;
    return {
      message: 'message' in parsed ? parsed.message : undefined,
      field: 'field' in parsed ? parsed.field : undefined,
      errors: 'errors' in parsed ? parsed.errors : undefined,
    };
  } catch {
    return null;
  }
}

/** The server's field errors ({errors:[{field,message}]} or a single {field,message}). */
export function serverFieldErrors(e: unknown): Array<{ field: string; message: string }> {
  const b = body(e);
  if (!b) return [];
  if (Array.isArray(b.errors)) {
    return b.errors.filter(
      (x): x is { field: string; message: string } =>
        !!x && typeof x.field === 'string' && typeof x.message === 'string',
    );
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
  if (e instanceof ApiError && !b && e.bodyText && e.bodyText.length < 200 && !/^\s*</.test(e.bodyText))
    return e.bodyText;
  return fallback;
}
