import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CurrentPlanResponse } from '@lectio/contracts/plans';
import { getJson } from '../../../lib/api';

// Only a reader who follows a plan loads the card's code; everyone else gets a link to the plans.
const TodayReading = lazy(() => import('./TodayReading'));

/** The reader's "Today's reading" in the navigation panel: the day's chapters, or a way to pick a plan. */
export function TodayReadingSlot({ book, chapter, chapterHref }: { book: string; chapter: number; chapterHref: (book: string, chapter: number) => string }) {
  const [current, setCurrent] = useState<CurrentPlanResponse | null>(null);
  useEffect(() => {
    // Fetched here rather than through api/plans, which would become a chunk of its own in the
    // reader's first load. Offline or failing, the reader reads on without it.
    getJson<CurrentPlanResponse>('/api/plans/current').then(setCurrent, () => undefined);
  }, []);
  if (!current) return null;
  if (current.planId === null)
    return (
      <Link to="/plans" className="text-sm font-medium text-accent underline-offset-2 hover:underline">
        Reading plans
      </Link>
    );
  return (
    <Suspense fallback={null}>
      <TodayReading current={current} onChange={setCurrent} book={book} chapter={chapter} chapterHref={chapterHref} />
    </Suspense>
  );
}
