import { NOT_IN_LIBRARY_LABEL, type Citation } from '@lectio/contracts/assistant';
import { Link } from 'react-router-dom';
import type { Translation } from '../../reader';
import { PassageTooltip } from './PassageTooltip';

const flag =
  'ml-1 inline-block rounded bg-danger-soft px-1.5 py-px align-baseline font-sans text-[11px] font-semibold not-italic text-danger';
const label =
  'ml-1 inline-block rounded bg-raised px-1.5 py-px align-baseline font-sans text-[11px] font-medium not-italic text-muted';
const wavy = 'underline decoration-danger decoration-wavy decoration-1 underline-offset-4';
const struck = 'line-through decoration-danger decoration-wavy decoration-1';
const link = 'font-medium text-accent underline underline-offset-2 hover:no-underline';

const translationName = (t: Translation): string => t.toUpperCase();

/**
 * A reference in an answer, as the server checked it: a verse of either testament opens the reader
 * there (where the reader's translation numbers it, when other Bibles number it differently); one
 * checked before the reader held the Old Testament (no link in the answer kept) shows its text on
 * hover or focus; a deuterocanonical one is labelled as real but not held; one that does not exist
 * is marked so that it never passes for Scripture.
 */
export function ReferenceMark({
  citation,
  text,
  translation,
}: {
  citation: Citation;
  text: string;
  translation: Translation;
}) {
  if (!citation.valid) {
    return (
      <span className="citation-invalid">
        <span className={struck}>{text}</span>
        <span className={flag}>Reference not found</span>
      </span>
    );
  }
  if (citation.notInLibrary) {
    return (
      <span className="citation-not-in-library">
        {text}
        <span className={label}>{NOT_IN_LIBRARY_LABEL}</span>
      </span>
    );
  }
  const renumbered = citation.renumbered && (
    <span className={label} title={`Numbered ${text} in ${citation.renumbered.numbering}`}>
      {citation.renumbered.reference} in the {translationName(translation)}
    </span>
  );
  if (citation.href) {
    return (
      <>
        <Link to={citation.href} className={link}>
          {text}
        </Link>
        {renumbered}
      </>
    );
  }
  return (
    <>
      <PassageTooltip reference={citation.renumbered?.reference ?? text} translation={translation} />
      {renumbered}
    </>
  );
}

/**
 * Words the answer puts in quotation marks beside a reference: a quotation of the other
 * translation says which (unless the answer already does); a mismatch is marked, with the verse's real words and, for a popular
 * misquotation, what the Bible does say.
 */
export function QuoteMark({
  citation,
  text,
  translation,
  answer,
}: {
  citation: Citation;
  text: string;
  translation: Translation;
  answer: string;
}) {
  const quote = citation.quote;
  if (quote?.matches) {
    const other = quote.translation && quote.translation !== translation ? translationName(quote.translation) : null;
    // Our written answers say it themselves: "..." (John 3:3, KJV).
    const said = other !== null && answer.includes(`${citation.text}, ${other}`);
    return (
      <>
        <span className="font-serif italic">{text}</span>
        {other && !said && <span className={label}>{other}</span>}
      </>
    );
  }
  return (
    <span className="quote-mismatch">
      <span className={wavy}>{text}</span>
      <span className={flag}>Quotation does not match the text</span>
      {quote?.actual && (
        <span className="mt-1 block border-l-2 border-line pl-2 text-sm not-italic text-muted">
          {quote.note && <span className="block">{quote.note}</span>}
          <span className="block">
            The verse reads: <span className="font-serif italic">“{quote.actual.text}”</span> (
            {translationName(quote.actual.translation)})
          </span>
        </span>
      )}
    </span>
  );
}
