/** Flesch-Kincaid grade of an answer, for the bank's tests (text/readability.ts, as the simple style's composer uses it). */
export { readingGrade as gradeOf } from '../text/readability';
