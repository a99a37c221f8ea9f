import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentPlanResponse } from '@lectio/contracts/plans';
import { currentPlanQuery } from '../api/currentPlan';
import { paths } from '../../../lib/paths';

// Only a reader who follows a plan loads the card's code; everyone else gets a link to the plans.
const TodayReading = lazy(() => import('./TodayReading'));

/** The reader's "Today's reading" in the navigation panel: the day's chapters, or a way to pick a plan. */
export function TodayReadingSlot({
  book,
  chapter,
  chapterHref,
}: {
  book: string;
  chapter: number;
  chapterHref: (book: string, chapter: number) => string;
}) {
  const queryClient = useQueryClient();
  // Offline or failing, the reader reads on without it.
  const current = useQuery(currentPlanQuery).data;
  const setCurrent = (next: CurrentPlanResponse) => queryClient.setQueryData(currentPlanQuery.queryKey, next);
  if (!current) return null;
  if (current.planId === null)
    return (
      <Link to={paths.plans} className="text-sm font-medium text-accent underline-offset-2 hover:underline">
        Reading plans
      </Link>
    );
  return (
    <Suspense fallback={null}>
      <TodayReading current={current} onChange={setCurrent} book={book} chapter={chapter} chapterHref={chapterHref} />
    </Suspense>
  );
}
