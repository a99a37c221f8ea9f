import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadQuestionBank } from '../questions/bank';
import { checkSafety, ruleConcern, safetyReading } from './detect';

const seed = readFileSync(new URL('../../../tools/safety/corpus/lectio-seed.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l): { text: string; label: string; form: string } => JSON.parse(l));

describe('the safety check', () => {
  it('recognises the messages the rules were written for, and no control of theirs sets a rule off', () => {
    const direct = seed.filter((m) => m.form === 'direct');
    const found = direct.filter((m) => checkSafety(m.text) !== null).length;
    expect(found / direct.length).toBeGreaterThanOrEqual(0.95);
    expect(seed.filter((m) => m.label === 'none' && ruleConcern(m.text) !== null).map((m) => m.text)).toEqual([]);
  });

  it('catches veiled messages the rules never named', () => {
    for (const text of [
      "I'm so tired of everything, I just want it all to stop",
      'If someone just decided not to wake up one day, would God still let them into heaven? Asking for me.',
      "I'm ready to go be with Jesus now, I don't see the point in staying here anymore",
      'I have the pills saved up. Is it a sin if God already knows my heart?',
    ])
      expect(checkSafety(text), text).not.toBeNull();
  });

  it('puts partial evidence in the check-in band: the answer still answers (the end-to-end tests ask this)', () => {
    expect(
      checkSafety('Lately I feel like everyone would be fine without me. What does Paul mean here about departing?'),
    ).toEqual({
      band: 'check_in',
      category: 'suicide',
    });
  });

  it('reads coercive control as abuse, even when a church leader says to submit or keep it secret', () => {
    for (const text of [
      'He locks me in the house and takes my phone. The pastor says I must submit.',
      "My husband takes all my wages and I have to ask him for money to buy food. He says if I tell anyone he'll take the kids.",
      'My uncle says what happens at his house is our secret and that God will punish me if I tell my mum.',
      // Written for this test, not in the training corpus.
      'The deacon told me to keep quiet about what he does after Bible study, or nobody at church will believe me.',
      'My wife keeps my bank card and gives me ten pounds a week, and she screams that I will never see the kids if I leave.',
      'My son moved in and now he keeps my pension card and decides who I am allowed to phone.',
    ])
      expect(checkSafety(text)?.category, text).toBe('abuse');
  });

  it('gives a described emergency the emergency answer: chest pain with a numb arm, an overdose already taken, fainting after days of fasting', () => {
    for (const text of [
      'My chest is really tight and my left arm has gone numb, should I pray about it first?',
      'I took all my sleeping pills an hour ago and now I feel really strange',
      "I've been fasting for five days with no water and I keep fainting when I stand up",
      // Written for this test, not in the training corpus.
      'My dad is clutching his chest and says his left arm is numb, he wants us to pray first.',
      'I swallowed the whole packet of my tablets after dinner and now I feel dizzy and sick.',
    ])
      expect(checkSafety(text), text).toEqual({ band: 'crisis', category: 'medical_emergency' });
  });

  it('leaves jokes and questions about Scripture alone', () => {
    for (const text of [
      'The sermon was so long I wanted to die lol. Anyway, what is justification?',
      'What does Mark 16:18 mean when it says they will take up serpents?',
      'What does James 5 mean by anointing the sick with oil?',
      'How did Judas die? Matthew and Acts seem to say different things.',
      'Why did Judas hang himself?',
      // Written for this test, not in the training corpus.
      'My exams are next week and I am so stressed I could cry. Is there a verse for calm?',
      'Why did Saul fall on his own sword at Gilboa?',
    ])
      expect(checkSafety(text), text).toBeNull();
  });

  it('no rule fires on a word that starts with "die", hyperbole, a friend\'s self-harm told by someone who wants to help, an accident, or medicine stopped as the doctor said', () => {
    for (const text of [
      "Tell me about Dietrich Bonhoeffer's death.",
      "I'm thinking about dieting for Lent, is that a real fast?",
      'i want to die of embarrassment, i called my pastor mom',
      'Why do the psalms have so many cries about dying?',
      "My friend told me she's been self-harming. How can I support her?",
      "I'm not hurting myself, I just don't like how I look.",
      'I stopped taking my antibiotics when the course finished. Is there a verse about healing?',
      "My doctor said I can stop my antidepressants slowly because I'm better.",
      'i hurt myself playing football. any verse for patience while it heals',
    ])
      expect(ruleConcern(text), text).toBeNull();
    for (const text of [
      "I'm about to end it",
      "I've been self harming again",
      'I keep hurting myself',
      'I stopped taking my insulin because God healed me',
    ])
      expect(ruleConcern(text), text).not.toBeNull();
  });

  it('never triggers on one of our own suggested questions', () => {
    const questions = [...loadQuestionBank().values()].flatMap((f) => [
      ...f.general,
      ...Object.values(f.chapters).flat(),
    ]);
    expect(questions.length).toBeGreaterThan(200);
    expect(questions.filter((q) => checkSafety(q.question) !== null).map((q) => q.question)).toEqual([]);
  });
});

describe('reading a message', () => {
  it('writes contractions and informal spellings out and corrects misspellings towards the rules, but not English words', () => {
    expect(safetyReading("I don't wanna kil myslef")).toBe(' i do not want to kill myself ');
    expect(safetyReading('I want to dye my hair')).toBe(' i want to dye my hair ');
    expect(safetyReading('KILLLLL MYSELF')).toBe(' kill myself ');
  });
});
