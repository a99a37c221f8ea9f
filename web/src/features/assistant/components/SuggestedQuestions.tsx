import { useState } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { assistantMessages, type SuggestedQuestion } from '@lectio/contracts/assistant';
import { ChevronDown, ChevronLeft, ChevronRight } from '../../../components/icons';
import { useSuggestedQuestions } from '../hooks/useSuggestedQuestions';
import { suggestionPage } from '../state/suggestions';

/**
 * The passage's suggested questions in a collapsible (closed each time the panel opens, since the
 * panel mounts it afresh, and whenever a question is sent): category chips with counts, the first
 * chosen by default, 6 questions a page. Choosing a question sends it and deselects the category.
 */
export function SuggestedQuestions({
  book,
  chapter,
  disabled,
  expanded,
  onExpandedChange,
  onAsk,
}: {
  book: string;
  chapter: number;
  disabled: boolean;
  expanded: boolean;
  onExpandedChange(expanded: boolean): void;
  onAsk(q: SuggestedQuestion): void;
}) {
  // The category and page live here, so they outlive the list, which is fetched afresh each time it opens.
  // The first category is chosen until the reader chooses (undefined); null is none.
  const [chosen, setCategory] = useState<string | null | undefined>(undefined);
  const [page, setPage] = useState(0);
  return (
    <Disclosure
      isExpanded={expanded}
      onExpandedChange={onExpandedChange}
      className="flex max-h-[50%] min-h-0 shrink-0 flex-col border-t border-line"
    >
      <Heading level={3} className="m-0">
        <Button
          slot="trigger"
          className="flex w-full items-center justify-between px-4 py-2.5 text-sm font-semibold outline-none hover:bg-raised data-[focus-visible]:outline-2 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-accent"
        >
          Suggested questions
          <ChevronDown
            aria-hidden="true"
            width={16}
            height={16}
            className={`transition-transform ${expanded ? 'rotate-180' : ''}`}
          />
        </Button>
      </Heading>
      <DisclosurePanel className="min-h-0 overflow-y-auto px-4 pb-3">
        {expanded && (
          <QuestionList
            book={book}
            chapter={chapter}
            disabled={disabled}
            chosen={chosen}
            setCategory={setCategory}
            page={page}
            setPage={setPage}
            onAsk={onAsk}
          />
        )}
      </DisclosurePanel>
    </Disclosure>
  );
}

function QuestionList({
  book,
  chapter,
  disabled,
  chosen,
  setCategory,
  page,
  setPage,
  onAsk,
}: {
  book: string;
  chapter: number;
  disabled: boolean;
  chosen: string | null | undefined;
  setCategory(c: string | null): void;
  page: number;
  setPage(p: number): void;
  onAsk(q: SuggestedQuestion): void;
}) {
  const state = useSuggestedQuestions(book, chapter);

  if (state.status === 'loading') {
    return (
      <div role="status" aria-label="Loading suggested questions" className="grid gap-2 py-1">
        {[0, 1, 2].map((i) => (
          <span key={i} className="h-8 animate-pulse rounded-lg bg-raised" />
        ))}
      </div>
    );
  }
  if (state.status === 'error') return <p className="py-2 text-sm text-danger">{assistantMessages.suggestedError}</p>;
  if (state.data.questions.length === 0)
    return <p className="py-2 text-sm text-muted">{assistantMessages.suggestedEmpty}</p>;

  const category = chosen === undefined ? (state.data.categories[0]?.category ?? null) : chosen;
  const current = suggestionPage(state.data.questions, category, page);
  const choose = (c: string) => {
    setCategory(c === category ? null : c);
    setPage(0);
  };

  return (
    <div className="grid gap-2.5">
      <div role="group" aria-label="Question categories" className="flex flex-wrap gap-1.5">
        {state.data.categories.map(({ category: c, count }) => (
          <button
            key={c}
            type="button"
            aria-pressed={c === category}
            onClick={() => choose(c)}
            className="inline-flex items-center gap-1.5 rounded-full border border-line px-2.5 py-1 text-xs font-medium text-ink hover:bg-raised aria-pressed:border-accent aria-pressed:bg-accent-soft"
          >
            {c}
            <span className="rounded-full bg-raised px-1.5 text-[10px] text-muted">
              {count}
              <span className="sr-only"> questions</span>
            </span>
          </button>
        ))}
      </div>
      <ul className="grid gap-1.5" aria-label="Suggested questions">
        {current.questions.map((q) => (
          <li key={q.id}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => {
                setCategory(null);
                onAsk(q);
              }}
              className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-left text-sm hover:border-accent hover:bg-accent-soft disabled:cursor-not-allowed disabled:opacity-60"
            >
              {q.text}
            </button>
          </li>
        ))}
      </ul>
      {current.pages > 1 && (
        <nav aria-label="Suggested question pages" className="flex items-center justify-between text-xs">
          <button
            type="button"
            disabled={!current.hasPrevious}
            onClick={() => setPage(current.page - 1)}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-raised disabled:cursor-not-allowed disabled:opacity-50"
          >
            <ChevronLeft aria-hidden="true" width={14} height={14} /> Previous
          </button>
          <span className="text-muted">
            Page {current.page + 1} of {current.pages}
          </span>
          <button
            type="button"
            disabled={!current.hasNext}
            onClick={() => setPage(current.page + 1)}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-raised disabled:cursor-not-allowed disabled:opacity-50"
          >
            Next <ChevronRight aria-hidden="true" width={14} height={14} />
          </button>
        </nav>
      )}
    </div>
  );
}
