import { useState } from 'react';
import type { TextTranslation } from '@lectio/contracts/bible-api';
import type { Verse } from '@lectio/contracts/verses';
import { SegmentedChoice } from '../../../components/SegmentedChoice';
import { useChapter } from '../hooks/useChapter';
import { COMPARE_CHOICES } from '../state/readerUrl';
import { useVerseEvents, type PassageProps } from './Passage';

type Props = Pick<
  PassageProps,
  'selectedVerse' | 'selectedEnd' | 'flashVerse' | 'readingVerse' | 'onSelectVerse' | 'onOpenPopup' | 'marks'
> & {
  verses: Verse[];
  translation: TextTranslation;
  compare: TextTranslation;
  book: string;
  chapter: number;
};

const choiceOf = (t: TextTranslation) => COMPARE_CHOICES.find((c) => c.id === t) ?? COMPARE_CHOICES[0];
const LANG: Record<TextTranslation, string> = { web: 'en', kjv: 'en', rv1909: 'es' };

/**
 * Two texts side by side, aligned verse by verse: one row per verse (a verse one text leaves out
 * has an empty cell), so both columns scroll together as the page does. Each row is the verse the
 * reader selects, flashes and reads aloud. On a phone one column shows at a time, with a switch
 * between them above.
 */
export default function ParallelVerses({
  verses,
  translation,
  compare,
  book,
  chapter,
  selectedVerse,
  selectedEnd,
  flashVerse,
  readingVerse,
  onSelectVerse,
  onOpenPopup,
  marks,
}: Props) {
  const other = useChapter(compare, book, chapter);
  const otherVerses = other.status === 'ready' ? other.data.verses : [];
  const [shown, setShown] = useState<'a' | 'b'>('a');
  const byNumber = (list: Verse[]) => new Map(list.map((v) => [v.number, v.text]));
  const a = byNumber(verses);
  const b = byNumber(otherVerses);
  const numbers = [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => x - y);
  const textOf = (n: number) => a.get(n) ?? b.get(n) ?? '';
  const events = useVerseEvents({ onSelectVerse, onOpenPopup, textOf });
  const left = choiceOf(translation);
  const right = choiceOf(compare);

  return (
    <div className="parallel" data-shown={shown}>
      <div className="parallel-switch sm:hidden">
        <SegmentedChoice<'a' | 'b'>
          legend="Show"
          name="parallel-column"
          columns={2}
          value={shown}
          onChange={setShown}
          choices={[
            { id: 'a', label: `${left.label} (${left.name})`, content: left.label, title: left.name },
            { id: 'b', label: `${right.label} (${right.name})`, content: right.label, title: right.name },
          ]}
        />
      </div>
      <div className="parallel-head" aria-hidden="true">
        <span />
        <span data-col="a">{left.name}</span>
        <span data-col="b">{right.name}</span>
      </div>
      {/* Clicking anywhere on a verse is a pointer shortcut; from the keyboard its number is a button (Enter) and Shift+F10 opens the popup. */}
      <div className="scripture text-ink" {...events}>
        {numbers.map((n) => {
          const mark = marks?.get(n);
          const selected =
            selectedVerse !== null &&
            (n === selectedVerse || (selectedEnd != null && n > selectedVerse && n <= selectedEnd));
          return (
            <div
              key={n}
              id={`verse-${n}`}
              data-verse={n}
              data-highlight={mark?.color ?? undefined}
              data-reading={readingVerse === n || undefined}
              className={[
                'verse parallel-row cursor-pointer scroll-my-24',
                selected ? 'verse-selected bg-accent-soft' : 'hover:bg-raised/60',
                flashVerse === n ? 'verse-flash' : '',
              ].join(' ')}
            >
              <sup className="verse-number">
                <button
                  type="button"
                  aria-label={`Highlight verse ${n}`}
                  aria-pressed={selected}
                  className="rounded px-0.5 tabular-nums outline-offset-1"
                >
                  {n}
                </button>
              </sup>
              <div data-col="a" lang={LANG[translation]}>
                {a.get(n) ?? ''}
              </div>
              <div data-col="b" lang={LANG[compare]}>
                {other.status === 'loading' ? <span className="skeleton block h-5" /> : (b.get(n) ?? '')}
              </div>
            </div>
          );
        })}
      </div>
      {other.status === 'error' && (
        <p role="alert" className="mt-4 text-sm text-danger">
          {right.name}: {other.message}
        </p>
      )}
    </div>
  );
}
