import { describe, it, expect } from 'vitest';
import { findQuestion, loadQuestionBank, questionsFor, questionsFrom } from './bank';
import type { BookQuestions, SuggestedQuestionEntry } from './types';

const q = (id: string): SuggestedQuestionEntry => ({
  id,
  category: 'Meaning',
  question: `Question ${id}?`,
  parts: { summary: 'See John 3:16.', explanation: '', depth: '', application: '', terms: [], connections: '' },
});
const bank = new Map<string, BookQuestions>([
  ['*', { book: '*', general: [q('generic-1'), q('generic-2')], chapters: {} }],
  ['john', { book: 'john', general: [q('john-general-1')], chapters: { '3': [q('john-3-a'), q('john-3-b')] } }],
]);
const ids = (list: { id: string }[]) => list.map((x) => x.id);

describe('questionsFrom', () => {
  it("gives a chapter's own questions, then the generic ones", () => {
    expect(ids(questionsFrom(bank, 'john', 3))).toEqual(['john-3-a', 'john-3-b', 'generic-1', 'generic-2']);
  });
  it("falls back to the book's general questions for a chapter without its own", () => {
    expect(ids(questionsFrom(bank, 'john', 4))).toEqual(['john-general-1', 'generic-1', 'generic-2']);
    expect(ids(questionsFrom(bank, 'john', null))).toEqual(['john-general-1', 'generic-1', 'generic-2']);
  });
  it('gives only the generic questions for no book or a book without a file', () => {
    expect(ids(questionsFrom(bank, null, null))).toEqual(['generic-1', 'generic-2']);
    expect(ids(questionsFrom(bank, 'jude', 1))).toEqual(['generic-1', 'generic-2']);
  });
  it('lists id, category and question only', () => {
    expect(questionsFrom(bank, null, null)[0]).toEqual({
      id: 'generic-1',
      category: 'Meaning',
      question: 'Question generic-1?',
    });
  });
});

describe('questionsFor and findQuestion on library/data/questions', () => {
  it('ends every list with the generic questions and finds each listed question with its parts', () => {
    const generic = loadQuestionBank().get('*');
    if (!generic) return; // the generic file is written by the question writers
    const genericIds = generic.general.map((g) => g.id);
    for (const [book, file] of loadQuestionBank()) {
      if (book === '*') continue;
      const chapter = Object.keys(file.chapters)[0];
      const list = questionsFor(book, chapter ? Number(chapter) : null);
      expect(ids(list).slice(-genericIds.length)).toEqual(genericIds);
      for (const item of list) expect(findQuestion(item.id)?.parts.summary).toBeTruthy();
    }
    expect(findQuestion('no-such-question')).toBeUndefined();
  });
});
