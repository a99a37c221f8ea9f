import { getJson } from '../../../lib/api';

export interface PassagePreview {
  reference: string;
  verses: Array<{ number: number; text: string }>;
}

/**
 * GET /api/bible/passage?ref=&translation=: the text of a reference the reader does not hold
 * (the Old Testament), for the preview beside a citation. Read leniently: `{reference, verses}`,
 * or a single `{text}`.
 */
export async function fetchPassage(ref: string, translation: string, signal?: AbortSignal): Promise<PassagePreview> {
  const body = await getJson<{ reference?: unknown; verses?: unknown; text?: unknown }>(
    `/api/bible/passage?${new URLSearchParams({ ref, translation })}`,
    {
      signal,
    },
  );
  const verses = Array.isArray(body.verses)
    ? body.verses.filter(
        (v): v is { number: number; text: string } => typeof v?.number === 'number' && typeof v?.text === 'string',
      )
    : typeof body.text === 'string'
      ? [{ number: 0, text: body.text }]
      : [];
  return { reference: typeof body.reference === 'string' ? body.reference : ref, verses };
}
