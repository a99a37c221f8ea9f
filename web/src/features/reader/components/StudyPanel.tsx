import { useEffect, useState } from 'react';
import { useAtom } from 'jotai';
import { Heading } from 'react-aria-components';
import { Link } from 'react-router-dom';
import type { StudyResponse } from '@lectio/contracts/bible-api';
import { Modal } from '../../../components/Modal';
import { Button, Spinner } from '../../../components/ui';
import { ApiError, getJson } from '../../../lib/api';
import { studyVerseAtom, type SelectedVerse } from '../state/atoms';
import { readerHref } from '../state/readerUrl';

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
  const onOpenChange = (open: boolean) => {
    if (open || !verse) return;
    setVerse(null);
    // The Study button that opened the panel has gone with its toolbar: focus returns to the verse.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`#verse-${verse.verse} button`)?.focus());
  };
  return (
    <Modal isOpen={verse !== null} onOpenChange={onOpenChange} className="max-h-[88vh] max-w-2xl overflow-y-auto">
      {({ close }) => verse && <Study verse={verse} close={close} />}
    </Modal>
  );
}

function Study({ verse, close }: { verse: SelectedVerse; close(): void }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    setLoad({ state: 'loading' });
    getJson<StudyResponse>(`/api/study/${verse.book}/${verse.chapter}/${verse.verse}?translation=${verse.translation}`, { signal: abort.signal })
      .then((study) => setLoad({ state: 'ready', study }))
      .catch((e: unknown) => {
        if (abort.signal.aborted) return;
        setLoad({
          state: 'failed',
          message: e instanceof ApiError ? (e.serverMessage ?? e.message) : 'Could not load the study. Check your connection and try again.',
        });
      });
    return () => abort.abort();
  }, [verse.book, verse.chapter, verse.verse, verse.translation]);

  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <Heading slot="title" className="font-serif text-2xl font-semibold">
          Study {verse.bookName} {verse.chapter}:{verse.verse}
        </Heading>
        <Button variant="ghost" size="sm" onClick={close}>
          Close
        </Button>
      </div>
      <blockquote className="mt-2 border-l-2 border-accent pl-3 font-serif text-muted">{verse.text}</blockquote>
      {load.state === 'loading' && <Spinner label="Loading study..." />}
      {load.state === 'failed' && (
        <p role="alert" className="mt-4 text-sm">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && <Sections study={load.study} verse={verse} close={close} />}
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
          {study.commentary.map((c, i) =>
            c.section === undefined ? (
              <Commentary key={c.source} source={c.source} text={c.text} />
            ) : (
              // A whole section opens folded after a comment on the verse, and open when it is all there is.
              <details key={c.source} className="text-sm" open={i === 0}>
                <summary className="cursor-pointer font-medium text-accent">Read the whole section ({c.source})</summary>
                <p className="mt-2 whitespace-pre-line leading-relaxed">{c.text}</p>
              </details>
            ),
          )}
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
                    to={readerHref({ book: r.book, chapter: r.chapter, verse: r.verse, translation: verse.translation })}
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
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">The Greek behind each word of the {translationName}, with Strong&apos;s numbers</caption>
              <thead className="text-muted">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    English
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Greek
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Meaning
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    NT verses
                  </th>
                </tr>
              </thead>
              <tbody>
                {study.words.map((w) => (
                  <tr key={w.strongs} className="border-t border-line align-top">
                    <th scope="row" className="py-1.5 pr-3 font-medium">
                      {w.text}
                    </th>
                    <td className="py-1.5 pr-3">
                      <span lang="grc">{w.lemma}</span> <span className="italic">{w.transliteration}</span> <span className="text-muted">({w.strongs})</span>
                    </td>
                    <td className="py-1.5 pr-3">{w.definition}</td>
                    <td className="py-1.5 tabular-nums">{w.occurrences}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
                {t.name} <span className="text-muted">({t.count} references)</span>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 text-xs text-muted">
          Matthew Henry&apos;s Concise Commentary (1706-1721), the Scofield Reference Notes (1917), Nave&apos;s Topical Bible (1896), Strong&apos;s Greek
          Dictionary (1890) and the World English Bible&apos;s notes and Strong&apos;s tags, public domain (CrossWire SWORD modules).
        </p>
      </section>
    </>
  );
}

function Commentary({ source, text }: { source: string; text: string }) {
  return (
    <figure>
      <blockquote className="whitespace-pre-line leading-relaxed">{text}</blockquote>
      <figcaption className="mt-1 text-xs text-muted">{source}</figcaption>
    </figure>
  );
}
