/**
 * Reading plans' public entry: the reader's "Today's reading" slot. The plans page itself is loaded
 * by App.tsx's routes. package.json beside this file marks this file (only) free of side effects.
 */
export { TodayReadingSlot } from './components/TodayReadingSlot';
