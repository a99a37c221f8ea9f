import { findAnyBook } from '@lectio/contracts/books';
import { bookIntroduction, dictionaryEntry, type BookIntroduction } from '@lectio/library';
import { firstSentences, LENGTH, type OfflineAnswer, unquote } from './answer-kit';

const INTRODUCTIONS = {
  new: "Lectio's introductions to the New Testament",
  old: "Lectio's introductions to the Old Testament",
} as const;

type Aspect = 'author' | 'date' | 'audience' | 'purpose';

/** Which of author, date, audience and purpose the question asks (all of them when it names none). */
function aspectsOf(question: string): Aspect[] {
  const q = question.toLowerCase();
  const asked: Aspect[] = [];
  if (/\b(?:wrote|write|writer|author|authorship|penned|who is behind|by paul|by peter|by john)\b/.test(q))
    asked.push('author');
  if (/\b(?:when|date|dated|year|how old|century|early|late|first|earliest|oldest|last|latest)\b/.test(q))
    asked.push('date');
  if (
    /\b(?:to whom|written to|written for|audience|readers|addressed|for whom|recipients|who was .* for|church)\b/.test(
      q,
    )
  )
    asked.push('audience');
  if (/\b(?:why|purpose|occasion|reason|point of|theme|about|aim|main message)\b/.test(q)) asked.push('purpose');
  return asked.length ? asked : ['author', 'date', 'audience', 'purpose'];
}

const LABEL: Record<Aspect, string> = { author: 'Author', date: 'Date', audience: 'Written to', purpose: 'Purpose' };

/** A book's author, date, audience and purpose from our introduction, the disputed authorship with both views. */
export function aboutBook(out: OfflineAnswer, question: string, book: string): boolean {
  const intro = bookIntroduction(book);
  if (!intro) return aboutOldTestamentBook(out, book);
  const aspects = aspectsOf(question);
  const field = (a: Aspect): string => intro[a];
  // The direct answer: the first aspect asked, in a sentence or two.
  out.add(
    `${LABEL[aspects[0]!]} of ${intro.name}: ${firstSentences(field(aspects[0]!), out.simple ? 220 : 400)}`,
    INTRODUCTIONS[intro.testament],
  );
  if (intro.authorship && aspects.includes('author')) disputed(out, intro);
  for (const a of aspects.slice(1)) out.add(`${LABEL[a]}: ${firstSentences(field(a), out.simple ? 200 : 360)}`);
  // The book in short; for the simple style, in the plain words we wrote for it.
  if (aspects.length < 4) out.add(`In short: ${out.simple ? intro.plain : intro.summary}`);
  if (intro.outline.length && aspects.includes('purpose') && !out.simple)
    out.add(['Its parts:', ...intro.outline.slice(0, 6).map((o) => `- ${o.heading} (${o.passage})`)].join('\n'));
  return true;
}

/** Where authorship is disputed, both views, named fairly. */
function disputed(out: OfflineAnswer, intro: BookIntroduction): void {
  const a = intro.authorship!;
  if (out.simple) {
    out.add(a.short);
    return;
  }
  out.add(
    `${a.question} Christians and scholars differ:\n- The traditional view: ${a.traditional}\n- The critical view: ${a.critical}`,
  );
}

/** A book with no introduction of ours: Easton's article on the book, when he has one ('Job, Book of', 'Kings, The Books of', 'Psalms'). */
function aboutOldTestamentBook(out: OfflineAnswer, book: string): boolean {
  const name = findAnyBook(book)?.name ?? book;
  const base = name.replace(/^[123] /, '');
  const entry =
    [
      `${base}, Book of`,
      `${base}, The Book of`,
      `${base}, Books of`,
      `${base}, The Books of`,
      `${base} The Book of`,
      base,
    ]
      .map((n) => dictionaryEntry(n))
      .find((e) => e !== null) ?? null;
  if (!entry) return false;
  out.add(
    `${name}: ${unquote(firstSentences(entry.paragraphs.join(' '), LENGTH[out.style] + 200))}`,
    `${entry.source} (public domain)`,
  );
  return true;
}
