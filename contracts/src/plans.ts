import { ALL_BOOKS, BOOKS, findAnyBook } from './books';

/**
 * Reading plans: each is a list of chapters (the New Testament's, or the whole Bible's) spread over
 * a number of days, in canonical order. Pure data and functions (zod-free), so the web shows the same days the server
 * counts.
 */
export interface ReadingPlan {
  id: string;
  name: string;
  days: number;
}

/** One chapter of a day's reading. */
export interface PlanReference {
  /** How a reader reads it: 'Matthew 5'. */
  reference: string;
  book: string;
  chapter: number;
}

interface PlanDefinition extends ReadingPlan {
  /** The books it reads, in order, whole. */
  books: readonly string[];
}

const GOSPELS = ['matthew', 'mark', 'luke', 'john'];

const DEFINITIONS: readonly PlanDefinition[] = [
  { id: 'new-testament-90', name: 'The New Testament in 90 days', days: 90, books: BOOKS.map((b) => b.id) },
  { id: 'gospels-30', name: 'The Gospels in 30 days', days: 30, books: GOSPELS },
  { id: 'chapter-a-day', name: 'One chapter a day from Matthew 1', days: 260, books: BOOKS.map((b) => b.id) },
  // Genesis 1 to Revelation 22: 1,189 chapters, three or four a day.
  { id: 'bible-year', name: 'The Bible in a year', days: 365, books: ALL_BOOKS.map((b) => b.id) },
];

export const READING_PLANS: readonly ReadingPlan[] = DEFINITIONS.map(({ id, name, days }) => ({ id, name, days }));

export function findPlan(id: string): ReadingPlan | undefined {
  return READING_PLANS.find((p) => p.id === id);
}

function chaptersOf(plan: PlanDefinition): PlanReference[] {
  return plan.books.flatMap((id) => {
    const book = findAnyBook(id);
    if (!book) return [];
    return Array.from({ length: book.chapters }, (_, i) => ({
      reference: `${book.name} ${i + 1}`,
      book: book.id,
      chapter: i + 1,
    }));
  });
}

/**
 * The chapters of `day` (1-based) of the plan; empty for an unknown plan or a day outside it.
 * The chapters are shared out evenly: day d reads from floor((d-1)·n/days) up to floor(d·n/days),
 * so no day holds more than one chapter more than another.
 */
export function planDay(planId: string, day: number): PlanReference[] {
  const plan = DEFINITIONS.find((p) => p.id === planId);
  if (!plan || !Number.isInteger(day) || day < 1 || day > plan.days) return [];
  const chapters = chaptersOf(plan);
  return chapters.slice(
    Math.floor(((day - 1) * chapters.length) / plan.days),
    Math.floor((day * chapters.length) / plan.days),
  );
}

/**
 * The day a reader is on: the first one not yet completed (null once every day is). It follows
 * progress, not the calendar, so a missed day never locks anyone out: they read on where they stopped.
 */
export function currentPlanDay(plan: ReadingPlan, completedDays: readonly number[]): number | null {
  const done = new Set(completedDays);
  for (let day = 1; day <= plan.days; day++) if (!done.has(day)) return day;
  return null;
}

export interface PlansResponse {
  plans: ReadingPlan[];
}

/** GET /api/plans/current: no plan started gives planId and day null. */
export interface CurrentPlanResponse {
  planId: string | null;
  day: number | null;
  completedDays: number[];
  today: PlanReference[];
}

/** The answer for a reader's progress (null: no plan started); an unknown plan reads as none. */
export function currentPlanOf(
  progress: { planId: string; completedDays: readonly number[] } | null,
): CurrentPlanResponse {
  const plan = progress ? findPlan(progress.planId) : undefined;
  if (!progress || !plan) return { planId: null, day: null, completedDays: [], today: [] };
  const completedDays = [...new Set(progress.completedDays)].sort((a, b) => a - b);
  const day = currentPlanDay(plan, completedDays);
  return { planId: plan.id, day, completedDays, today: day === null ? [] : planDay(plan.id, day) };
}

export interface PlanProgressRequest {
  day: number;
}

export const planMessages = {
  notFound: 'Reading plan not found',
  dayOutOfRange: (days: number) => `Choose a day from 1 to ${days}`,
  notStarted: 'Start this plan before marking its days',
} as const;

export type PlanEvent =
  | { type: 'PlanStarted'; data: { planId: string; startedAt: string } }
  | { type: 'PlanDayCompleted'; data: { planId: string; day: number; completedAt: string } };
