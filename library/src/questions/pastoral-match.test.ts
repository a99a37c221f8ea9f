import { describe, expect, it } from 'vitest';
import { pastoralByWords } from './pastoral-match';

const at = (book: string, chapter: number, verse: number | null = null) => ({ book, chapter, verse });
const matched = (question: string, where = at('matthew', 5, 16)) => pastoralByWords(question, where)?.id;

describe('pastoralByWords', () => {
  it('finds the written answer a struggle is about, in everyday words', () => {
    expect(matched("I've been really anxious about my job lately", at('philippians', 4, 6))).toBe(
      'pastoral-general-anxiety',
    );
    expect(matched('I keep falling into the same sin over and over. How do I forgive myself?', at('john1', 1, 9))).toBe(
      'pastoral-general-temptation-repeated-sin',
    );
    expect(matched('How do I stop being jealous of my sister? she has everything I want')).toBe(
      'pastoral-general-envy-and-comparison',
    );
    expect(matched("I serve in three ministries at church and I'm exhausted")).toBe(
      'pastoral-general-burnout-and-rest',
    );
    expect(matched('Is it wrong to doubt whether God is real?', at('mark', 9, 24))).toBe('pastoral-general-doubt');
  });

  it('reads a struggle in the words readers use for it, on the pastoral answers only', () => {
    // 'passed away', 'crying' are the grief answer's 'someone I love has died'; 'lost our baby' is a death too, and
    // the answer written for the loss of a baby ('we lost the baby at 10 weeks') fits it best.
    expect(matched('my mom passed away last week and i cant stop crying. is it wrong to be this sad')).toBe(
      'pastoral-general-grief',
    );
    expect(matched('we lost our baby at 12 weeks. where is God in this', at('psalms', 34, 18))).toBe(
      'pastoral-general-miscarriage-and-baby-loss',
    );
    // 'son' and 'three' are the Trinity's, 'away' the prodigal child's: words in passing.
    expect(matched("My son hasn't spoken to me in three years. I don't know if I should reach out or wait.")).toBe(
      undefined,
    );
  });

  it("reads 'I hate how I look' as worth, debts as money, an abortion as guilt, 'if I believe anymore' as doubt", () => {
    expect(matched('i honestly hate how i look')).toBe('pastoral-general-self-worth');
    expect(matched("we owe so much on loans and bills, i can't sleep")).toBe('pastoral-general-money-and-giving');
    expect(matched('i had an abortion years ago and i dont think god could ever forgive me')).toBe(
      'pastoral-general-guilt-and-shame',
    );
    // A death in the family is grief, not the passage where Ananias and Sapphira are struck dead.
    expect(matched('my grandma died yesterday and i just feel numb')).toBe('pastoral-general-grief');
    expect(matched("some days I don't even know if I believe anymore. does that make me a bad christian")).toBe(
      'pastoral-general-doubt',
    );
    // Sin given in to again and again is temptation, not the unforgivable sin; a lost job is not the book of Job.
    expect(matched('i keep committing the same sin over and over, will god still forgive me')).toBe(
      'pastoral-general-temptation-repeated-sin',
    );
    expect(matched('my friend lost her job, how can i help her')).not.toBe('common-general-why-job-suffered');
    // 'Lonely' outweighs the move and the work around it.
    expect(matched("just moved to a new city for work and I'm really lonely, no friends")).toBe(
      'pastoral-general-loneliness',
    );
    // 'Credit' for work is not money.
    expect(matched('my coworker keeps taking credit for my work')).not.toBe('pastoral-general-money-and-giving');
  });

  it("reads 'my dad' as the father the answers name, forgiving as one struggle, and falling again as temptation", () => {
    expect(matched('my mom walked out on us and now she wants to be back in my life. do i have to forgive her')).toBe(
      'pastoral-general-forgiving-a-parent',
    );
    expect(matched('i always fall again into the same thing no matter how hard i try')).toBe(
      'pastoral-general-temptation-repeated-sin',
    );
  });

  it('gives none where only a word in passing is shared (the passage answers instead)', () => {
    expect(matched("How can I let my light shine at school when I'm really shy?")).toBe(undefined);
    expect(matched('How do I apply the Sermon on the Mount at work?')).toBe(undefined);
    // 'three' is in the question of the answer on Peter's three denials: a common answer's question needs two words.
    expect(matched('I have three kids and no quiet moment, how do I read this?')).toBe(undefined);
  });
});
