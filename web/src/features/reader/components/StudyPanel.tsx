import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useAtom } from 'jotai';
import { Link } from 'react-router-dom';
import type { StudyResponse } from '@lectio/contracts/bible-api';
import { SIDE_PANEL_FRAME } from '../../../components/sidePanel';
import { Button, Spinner } from '../../../components/ui';
import { ApiError, getJson } from '../../../lib/api';
import { studyVerseAtom, type SelectedVerse } from '../state/atoms';
import { readerHref } from '../state/readerUrl';
import { LinkedText } from './LinkedText';

/*
 * A verse's study panel: Matthew Henry and Scofield, cross-references, the Greek words with the
 * translation's footnotes, and Nave's topics
 * (GET /api/study/:book/:chapter/:verse). Loaded only when a reader opens it, so the reader's
 * first load does not carry it.
 */
type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; study: StudyResponse };

const sectionHeading = 'mt-6 mb-2 font-serif text-lg font-semibold';

export default function StudyPanel() {
  const [verse, setVerse] = useAtom(studyVerseAtom);
  const panel = useRef<HTMLElement>(null);
  const close = useCallback(() => {
    if (!verse) return;
    setVerse(null);
    // The Study button that opened the panel has gone with its toolbar: focus returns to the verse.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`#verse-${verse.verse} button`)?.focus());
  }, [verse, setVerse]);

  // Focus moves in when a verse's study opens; Escape closes it unless a dialog is open over it.
  const shown = verse ? `${verse.book}:${verse.chapter}:${verse.verse}` : null;
  useEffect(() => {
    if (shown) panel.current?.focus();
  }, [shown]);
  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || document.querySelector('[role="dialog"]')) return;
      e.stopPropagation();
      close();
    };
    el.addEventListener('keydown', onKeyDown);
    return () => el.removeEventListener('keydown', onKeyDown);
  }, [close]);

  if (!verse) return null;
  // Not a modal: docked beside the chapter (a sheet on phones), so the chapter and its study read together.
  return (
    <aside ref={panel} tabIndex={-1} aria-labelledby="study-title" className={`${SIDE_PANEL_FRAME} outline-none`}>
      <Study verse={verse} close={close} />
    </aside>
  );
}

function Study({ verse, close }: { verse: SelectedVerse; close(): void }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    setLoad({ state: 'loading' });
    getJson<StudyResponse>(
      `/api/study/${verse.book}/${verse.chapter}/${verse.verse}?translation=${verse.translation}`,
      { signal: abort.signal },
    )
      .then((study) => setLoad({ state: 'ready', study }))
      .catch((e: unknown) => {
        if (abort.signal.aborted) return;
        setLoad({
          state: 'failed',
          message:
            e instanceof ApiError
              ? (e.serverMessage ?? e.message)
              : 'Could not load the study. Check your connection and try again.',
        });
      });
    return () => abort.abort();
  }, [verse.book, verse.chapter, verse.verse, verse.translation]);

  return (
    <>
      <div className="flex items-center justify-between gap-3 border-b border-line px-5 py-3">
        <h2 id="study-title" className="font-serif text-xl font-semibold leading-tight">
          Study {verse.bookName} {verse.chapter}:{verse.verse}
        </h2>
        <Button variant="ghost" size="sm" onClick={close}>
          Close
        </Button>
      </div>
      {/* Room at the end for the chat button, which sits over the panel's corner. */}
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-24 pt-4">
        <blockquote className="border-l-2 border-accent pl-3 font-serif text-muted">{verse.text}</blockquote>
        {load.state === 'loading' && <Spinner label="Loading study..." />}
        {load.state === 'failed' && (
          <p role="alert" className="mt-4 text-sm">
            {load.message}
          </p>
        )}
        {load.state === 'ready' && <Sections study={load.study} verse={verse} close={close} />}
      </div>
    </>
  );
}

function Sections({ study, verse, close }: { study: StudyResponse; verse: SelectedVerse; close(): void }) {
  const translationName = verse.translation === 'web' ? 'World English Bible' : 'King James Version';
  return (
    <>
      <section aria-labelledby="study-commentary">
        <h3 id="study-commentary" className={sectionHeading}>
          Commentary
        </h3>
        {study.commentary.length === 0 && <p className="text-sm text-muted">No commentary on this verse.</p>}
        <div className="grid gap-4">
          {study.commentary.map((c, i) => {
            const text = <LinkedText text={c.text} links={c.links} translation={verse.translation} onOpen={close} />;
            return c.section === undefined ? (
              <Commentary key={c.source} source={c.source} text={text} />
            ) : (
              // A whole section opens folded after a comment on the verse, and open when it is all there is.
              // Its work is named once, under it: the summary says which verses.
              <details key={c.source} className="text-sm" open={i === 0}>
                <summary className="cursor-pointer font-medium text-accent">
                  Read the whole section on {c.section}
                </summary>
                <div className="mt-2 leading-relaxed">
                  <Commentary source={c.source} text={text} />
                </div>
              </details>
            );
          })}
        </div>
      </section>

      <section aria-labelledby="study-cross-references">
        <h3 id="study-cross-references" className={sectionHeading}>
          Cross-references
        </h3>
        {study.crossReferences.length === 0 ? (
          <p className="text-sm text-muted">No cross-references for this verse.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {study.crossReferences.map((r) => (
              <li key={r.reference}>
                {r.href ? (
                  <Link
                    className="font-semibold text-accent underline underline-offset-2"
                    to={readerHref({
                      book: r.book,
                      chapter: r.chapter,
                      verse: r.verse,
                      translation: verse.translation,
                    })}
                    onClick={close}
                  >
                    {r.reference}
                  </Link>
                ) : (
                  <span className="font-semibold">{r.reference}</span>
                )}{' '}
                <span className="text-muted">{r.text}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="study-words">
        <h3 id="study-words" className={sectionHeading}>
          Words
        </h3>
        {study.words.length === 0 ? (
          <p className="text-sm text-muted">No Greek words are tagged for this verse.</p>
        ) : (
          // Two columns, so it fits the docked panel and a phone: the English word, then its Greek, sense and count.
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              The Greek behind each word of the {translationName}, with Strong&apos;s numbers
            </caption>
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  English
                </th>
                <th scope="col" className="py-1 font-medium">
                  Greek, meaning and NT verses
                </th>
              </tr>
            </thead>
            <tbody>
              {study.words.map((w) => (
                <tr key={w.strongs} className="border-t border-line align-top">
                  <th scope="row" className="py-1.5 pr-3 font-medium">
                    {w.text}
                  </th>
                  <td className="py-1.5">
                    <span className="block">
                      <span lang="grc">{w.lemma}</span> <span className="italic">{w.transliteration}</span>{' '}
                      <span className="text-muted">({w.strongs})</span>
                    </span>
                    <span className="block">{w.definition}</span>
                    <span className="block text-xs text-muted tabular-nums">
                      {w.occurrences.toLocaleString('en-US')} NT {w.occurrences === 1 ? 'verse' : 'verses'}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {study.footnotes && study.footnotes.length > 0 && (
          <>
            <h4 className="mt-4 mb-1 text-sm font-semibold">Translation notes ({translationName})</h4>
            <ul className="grid gap-1 text-sm">
              {study.footnotes.map((f) => (
                <li key={f.text}>{f.text}</li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="study-topics">
        <h3 id="study-topics" className={sectionHeading}>
          Topics
        </h3>
        {study.topics.length === 0 ? (
          <p className="text-sm text-muted">No topics list this verse.</p>
        ) : (
          <ul className="flex flex-wrap gap-2 text-sm">
            {study.topics.map((t) => (
              <li key={t.name} className="rounded-full border border-line px-3 py-1">
                {t.name}{' '}
                <span className="text-muted">
                  ({t.count === 1 ? '1 reference' : `${t.count.toLocaleString('en-US')} references`})
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 text-xs text-muted">
          Matthew Henry&apos;s Concise Commentary (1706-1721), the Scofield Reference Notes (1917), Nave&apos;s Topical
          Bible (1896), Strong&apos;s Greek Dictionary (1890) and the World English Bible&apos;s notes and Strong&apos;s
          tags, public domain (CrossWire SWORD modules).
        </p>
      </section>
    </>
  );
}

function Commentary({ source, text }: { source: string; text: ReactNode }) {
  return (
    <figure>
      <blockquote className="whitespace-pre-line leading-relaxed">{text}</blockquote>
      <figcaption className="mt-1 text-xs text-muted">{source}</figcaption>
    </figure>
  );
}
