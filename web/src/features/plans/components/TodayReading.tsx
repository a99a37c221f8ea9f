import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type CurrentPlanResponse, findPlan } from '@lectio/contracts/plans';
import { CheckIcon } from '../../../components/icons';
import { toast } from '../../../components/toast';
import { Button } from '../../../components/ui';
import { failureText } from '../../../lib/apiErrors';
import { completeDay } from '../api/progress';
import { paths } from '../../../lib/paths';

interface Props {
  current: CurrentPlanResponse;
  onChange(next: CurrentPlanResponse): void;
  /** The chapter on screen, marked in the list. */
  book: string;
  chapter: number;
  chapterHref(book: string, chapter: number): string;
}

/** The day's chapters of the plan followed, each opening the reader, and "Mark day N done". */
export default function TodayReading({ current, onChange, book, chapter, chapterHref }: Props) {
  const plan = current.planId ? findPlan(current.planId) : undefined;
  const [saving, setSaving] = useState(false);
  if (!plan) return null;
  const day = current.day;

  const markDone = async () => {
    if (day === null) return;
    setSaving(true);
    try {
      const next = await completeDay(plan.id, day);
      onChange(next);
      toast({
        title: `Day ${day} done`,
        description: next.day === null ? `You have finished ${plan.name}.` : `Day ${next.day} is next.`,
      });
    } catch (e) {
      toast({
        title: 'Could not save your progress',
        description: failureText(e, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="today-reading-title" className="grid gap-2 rounded-xl border border-line bg-surface p-3">
      <div>
        <h2 id="today-reading-title" className="text-sm font-semibold">
          Today&apos;s reading
        </h2>
        <p className="text-xs text-muted">
          {plan.name}
          {day !== null && ` · Day ${day} of ${plan.days}`}
        </p>
      </div>
      {day === null ? (
        <p className="text-sm">You have read every day of this plan.</p>
      ) : (
        <>
          <ul className="flex flex-wrap gap-1.5" aria-label={`Day ${day} chapters`}>
            {current.today.map((r) => {
              const here = r.book === book && r.chapter === chapter;
              return (
                <li key={r.reference}>
                  <Link
                    to={chapterHref(r.book, r.chapter)}
                    aria-current={here ? 'page' : undefined}
                    className={`inline-block rounded-md border px-2 py-1 text-sm ${here ? 'border-accent bg-accent-soft text-accent' : 'border-line hover:bg-raised'}`}
                  >
                    {r.reference}
                  </Link>
                </li>
              );
            })}
          </ul>
          <Button size="sm" variant="secondary" disabled={saving} onClick={() => void markDone()}>
            <CheckIcon width={14} height={14} /> Mark day {day} done
          </Button>
        </>
      )}
      <Link to={paths.plans} className="text-xs text-muted underline-offset-2 hover:underline">
        {current.completedDays.length} of {plan.days} days read · All plans
      </Link>
    </section>
  );
}
