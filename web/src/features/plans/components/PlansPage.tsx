import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadingPlan } from '@lectio/contracts/plans';
import { Header } from '../../../components/Header';
import { PageHeading } from '../../../components/PageHeading';
import { BookIcon } from '../../../components/icons';
import { toast } from '../../../components/toast';
import { Button, ButtonLink, Spinner } from '../../../components/ui';
import { failureText } from '../../../lib/apiErrors';
import { currentPlanQuery } from '../api/currentPlan';
import { plansQuery, startPlan } from '../api/plans';
import { paths } from '../../../lib/paths';

/** /plans: the reading plans, the one followed and how far, and a button to start each. */
export default function PlansPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(plansQuery);
  const mine = useQuery(currentPlanQuery);
  // Shown together, as one answer: the plans and how far the reader is in the one followed.
  const plans = list.data && mine.data ? list.data.plans : null;
  const current = mine.data ?? null;
  const failed = list.isError || mine.isError;
  const [starting, setStarting] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Reading plans · Lectio';
    return () => {
      document.title = 'Lectio';
    };
  }, []);

  const start = async (plan: ReadingPlan) => {
    setStarting(plan.id);
    try {
      queryClient.setQueryData(currentPlanQuery.queryKey, await startPlan(plan.id));
      toast({ title: `${plan.name} started`, description: "Today's reading is in the reader's panel." });
      navigate(paths.home);
    } catch (e) {
      toast({
        title: 'Could not start the plan',
        description: failureText(e, 'Please try again.'),
        variant: 'destructive',
      });
      setStarting(null);
    }
  };

  return (
    <>
      <Header />
      <main id="main" className="mx-auto w-full max-w-3xl px-5 py-10">
        <PageHeading icon={<BookIcon />} title="Reading plans" />
        <p className="mb-6 text-sm text-muted">
          Pick a plan and read its day&apos;s chapters from the reader. A day you miss waits for you: the plan goes on
          from the first day you have not read.
        </p>
        {failed && <p role="alert">The reading plans could not be loaded. Please try again.</p>}
        {!plans && !failed && <Spinner label="Loading reading plans..." />}
        {plans && (
          <ul className="grid gap-4">
            {plans.map((plan) => {
              const following = current?.planId === plan.id;
              return (
                <li
                  key={plan.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface p-5 shadow-sm"
                >
                  <div>
                    <h2 className="font-serif text-xl font-semibold">{plan.name}</h2>
                    <p className="text-sm text-muted">
                      {plan.days} days
                      {following &&
                        current &&
                        ` · following: ${current.completedDays.length} of ${plan.days} days read`}
                    </p>
                  </div>
                  {following ? (
                    <ButtonLink to={paths.home} size="sm" aria-label={`Continue ${plan.name}`}>
                      Continue
                    </ButtonLink>
                  ) : (
                    <Button
                      size="sm"
                      variant={current?.planId ? 'outline' : 'primary'}
                      disabled={starting !== null}
                      aria-label={`Start ${plan.name}`}
                      onClick={() => void start(plan)}
                    >
                      {starting === plan.id ? 'Starting...' : 'Start'}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </main>
    </>
  );
}
