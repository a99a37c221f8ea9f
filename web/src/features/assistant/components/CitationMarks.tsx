import type { Citation } from '@lectio/contracts/assistant';
import { Link } from 'react-router-dom';
import type { Translation } from '../../reader';
import { PassageTooltip } from './PassageTooltip';

const flag = 'ml-1 inline-block rounded bg-danger-soft px-1.5 py-px align-baseline font-sans text-[11px] font-semibold not-italic text-danger';
const wavy = 'underline decoration-danger decoration-wavy decoration-1 underline-offset-4';
const struck = 'line-through decoration-danger decoration-wavy decoration-1';

/**
 * A reference in an answer, as the server checked it: a New Testament verse opens the reader
 * there; an Old Testament one shows its text on hover or focus; one that does not exist is marked
 * so that it never passes for Scripture.
 */
export function ReferenceMark({ citation, text, translation }: { citation: Citation; text: string; translation: Translation }) {
  if (!citation.valid) {
    return (
      <span className="citation-invalid">
        <span className={struck}>{text}</span>
        <span className={flag}>Reference not found</span>
      </span>
    );
  }
  if (citation.href) {
    return (
      <Link to={citation.href} className="font-medium text-accent underline underline-offset-2 hover:no-underline">
        {text}
      </Link>
    );
  }
  return <PassageTooltip reference={text} translation={translation} />;
}

/** Words the answer puts in quotation marks beside a reference: a mismatch is marked as such. */
export function QuoteMark({ citation, text }: { citation: Citation; text: string }) {
  if (citation.quote?.matches) return <span className="font-serif italic">{text}</span>;
  return (
    <span className="quote-mismatch">
      <span className={wavy}>{text}</span>
      <span className={flag}>Quotation does not match the text</span>
    </span>
  );
}
