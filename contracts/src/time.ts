/** Time written once: the day's length and the ISO form every answer and event carries. */

export const DAY_MS = 86_400_000;

/** A timestamp as the API answers it (ISO 8601, UTC); null stays null. */
export function isoOrNull(v: Date | string | number | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  const t = new Date(v).getTime();
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** A timestamp that is always there, in the same ISO form. */
export const isoString = (v: Date | string | number): string => new Date(v).toISOString();
