/**
 * Text we can keep. PostgreSQL stores neither a NUL character nor half of a UTF-16 surrogate pair
 * (a lone surrogate has no UTF-8 form), so text holding one would be accepted and then fail to be
 * recorded. Every request is checked once, where it is parsed (`parse` in @lectio/platform/http).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (s: string) => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

export const textMessages = {
  invalidCharacters: 'This text contains a character that cannot be used. Please type it again.',
  malformedUrl: 'This address is not valid: it has a malformed %-escape',
} as const;
