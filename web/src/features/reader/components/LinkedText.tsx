import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { StudyLink } from '@lectio/contracts/bible-api';
import type { Translation } from '../state/readerUrl';
import { readerHref } from '../state/readerUrl';

/**
 * A commentary's text with its Scripture references as links to the reader (the server found
 * them: `links` are offsets into `text`). Opening one calls `onOpen` (the study panel closes).
 */
export function LinkedText({
  text,
  links = [],
  translation,
  onOpen,
}: {
  text: string;
  links?: readonly StudyLink[];
  translation: Translation;
  onOpen(): void;
}) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const l of links) {
    if (l.start < at || l.end > text.length) continue; // out of order or stale: shown as text
    parts.push(text.slice(at, l.start));
    parts.push(
      <Link
        key={l.start}
        className="text-accent underline underline-offset-2"
        to={readerHref({ book: l.book, chapter: l.chapter, verse: l.verse, translation })}
        onClick={onOpen}
      >
        {text.slice(l.start, l.end)}
      </Link>,
    );
    at = l.end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
