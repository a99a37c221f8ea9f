import {
  disagreementsAbout,
  type DictionaryEntry,
  entryAtPassage,
  IN_BRIEF_SOURCE,
  plainParagraph,
} from '@lectio/library';
import { firstSentences, LENGTH, type OfflineAnswer, unquote } from './answer-kit';

/**
 * "Who was ...?", "What is a ...?": the dictionary's article in brief (of the one meant at the passage
 * read, where the article has several), the modern value of old money and measures, where the sources differ.
 */
export function fromDictionary(
  out: OfflineAnswer,
  asked: DictionaryEntry,
  at?: { book: string; chapter: number },
): void {
  const entry = at ? entryAtPassage(asked, at.book, at.chapter) : asked;
  const source = `${entry.source} (public domain)`;
  // Our modern note first where it is money or a measure: 1897's 'sevenpence halfpenny' is no answer today.
  if (entry.modern)
    out.add(
      `${entry.modern.name[0]!.toUpperCase()}${entry.modern.name.slice(1)}: ${entry.modern.modern}`,
      "Lectio's table of money and measures",
    );
  // Our direct answer in plain words first, where we have written one; the simple style needs no more than it.
  if (entry.inBrief) out.addOurs(entry.inBrief, IN_BRIEF_SOURCE);
  const name = entry.askedAs && !entry.modern ? entry.askedAs : entry.headword;
  // The simple style chooses the article's plainest sentences (answer-kit), from more than its opening.
  const summary = unquote(
    firstSentences(out.simple ? plainParagraph(entry.summary) : entry.summary, LENGTH[out.style]),
  );
  // The article names its subject first, as a printed dictionary does.
  if (!(entry.inBrief && out.simple))
    out.add(summary.toLowerCase().startsWith(name.toLowerCase().slice(0, 4)) ? summary : `${name}: ${summary}`, source);
  if (entry.modern?.equals && !out.simple) out.add(`For comparison: ${entry.modern.equals}.`);
  const refs = (entry.modern?.references.length ? entry.modern.references : []).slice(0, out.simple ? 2 : 4);
  if (refs.length) out.add(`Read it in ${refs.join('; ')}.`);
  for (const d of disagreementsAbout(entry.askedAs ?? entry.headword).slice(0, 1))
    out.add(
      out.simple
        ? d.plain
        : [
            `The sources differ here (${d.subject}):`,
            ...d.views.map((v) => `- ${v.source}: ${v.says} (${v.where})`),
            d.note,
          ].join('\n'),
    );
}
