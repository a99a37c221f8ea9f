import { useEffect, useState } from 'react';
import { Button, Tooltip, TooltipTrigger } from 'react-aria-components';
import type { Translation } from '../../reader';
import { fetchPassage, type PassagePreview } from '../api/passage';

/** Tooltips open after 700 ms (at once on keyboard focus). */
const TOOLTIP_DELAY_MS = 700;
/** A whole chapter ('Psalm 23') is cited sometimes; the preview shows its start. */
const PREVIEW_VERSES = 5;

/** Previews already read, so hovering again shows the text at once. */
const previews = new Map<string, Promise<PassagePreview>>();

function preview(reference: string, translation: Translation): Promise<PassagePreview> {
  const key = `${translation}|${reference}`;
  let p = previews.get(key);
  if (!p) {
    p = fetchPassage(reference, translation);
    previews.set(key, p);
    p.catch(() => previews.delete(key));
  }
  return p;
}

/** An Old Testament reference (the reader holds only the New): its text on hover or focus. */
export function PassageTooltip({ reference, translation }: { reference: string; translation: Translation }) {
  return (
    <TooltipTrigger delay={TOOLTIP_DELAY_MS}>
      <Button className="cursor-help rounded-sm font-medium text-accent underline decoration-dotted underline-offset-2 outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent">
        {reference}
      </Button>
      <Tooltip
        placement="top"
        offset={6}
        className="max-w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-line bg-surface px-3 py-2 text-sm leading-relaxed text-ink shadow-lg"
      >
        <PreviewText reference={reference} translation={translation} />
      </Tooltip>
    </TooltipTrigger>
  );
}

function PreviewText({ reference, translation }: { reference: string; translation: Translation }) {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: PassagePreview }
  >({ status: 'loading' });
  useEffect(() => {
    let live = true;
    preview(reference, translation).then(
      (data) => live && setState({ status: 'ready', data }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [reference, translation]);

  if (state.status === 'loading') return <span className="text-muted">Loading {reference}...</span>;
  if (state.status === 'error' || state.data.verses.length === 0)
    return <span className="text-muted">The text of {reference} could not be loaded.</span>;
  return (
    <span className="grid gap-1">
      <span className="text-xs font-semibold text-muted">
        {state.data.reference} ({translation.toUpperCase()})
      </span>
      <span className="font-serif">
        {state.data.verses.slice(0, PREVIEW_VERSES).map((v) => (
          <span key={v.number}>
            {v.number > 0 && <sup className="mr-0.5 text-[10px] text-muted">{v.number}</sup>}
            {v.text}{' '}
          </span>
        ))}
        {state.data.verses.length > PREVIEW_VERSES && (
          <span className="font-sans text-xs text-muted">
            ... {state.data.verses.length - PREVIEW_VERSES} more verses
          </span>
        )}
      </span>
    </span>
  );
}
