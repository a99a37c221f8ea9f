import { formatReference } from '@lectio/contracts/reference';
import { greekForEnglish, greekUses, type EnglishGreekWord } from '@lectio/library';
import { type OfflineAnswer, spelled, unquote } from './answer-kit';

/**
 * An English theological word (or a transliterated Greek one) to its Greek: our map's words with
 * Abbott-Smith's glosses and New Testament uses, whether or not the reader typed 'Greek'.
 */
export function englishToGreek(out: OfflineAnswer, words: EnglishGreekWord[]): boolean {
  const studies = words.slice(0, 2).flatMap((w) => greekForEnglish(w.english).map((s) => ({ w, s })));
  if (studies.length === 0) return false;
  const lead = studies[0]!;
  if (out.simple) {
    // Short sentences for the simple style: the word, what it means, then the note's plainest sentences on their own.
    const name = lead.s.transliteration || lead.s.lemma;
    out.addOurs(
      `In Greek, '${lead.w.english}' is ${name} (${lead.s.lemma}). It means: ${unquote(lead.s.gloss)}.`,
      lead.s.source,
    );
    if (lead.s.note) out.add(unquote(lead.s.note));
  } else
    out.add(
      `'${lead.w.english}' translates the Greek ${lead.s.lemma}${lead.s.transliteration ? ` (${spelled(lead.s.transliteration)}, Strong's ${lead.s.strongs})` : ''}: ${unquote(lead.s.gloss)}.${lead.s.note ? ` ${unquote(lead.s.note)}` : ''}`,
      lead.s.source,
    );
  for (const { w, s } of studies.slice(1, out.simple ? 2 : 4))
    out.add(
      `${w === lead.w ? 'Also' : `'${w.english}':`} ${s.lemma}${s.transliteration ? ` (${spelled(s.transliteration)}, ${s.strongs})` : ''}: ${unquote(s.gloss)}.${s.note && !out.simple ? ` ${unquote(s.note)}` : ''}`,
      s.source,
    );
  const uses = greekUses(lead.s.strongs, out.simple ? 2 : 4);
  if (uses.count > 0 && out.simple)
    out.add(
      `You can read it in ${uses.references.join(' and ')}.`,
      "Strong's Greek Dictionary, joined to the KJV's Strong's tags (public domain)",
    );
  else if (uses.count > 0)
    out.add(
      `The New Testament uses ${lead.s.transliteration || lead.s.lemma} in ${uses.count} verses, among them ${uses.references.join(', ')}.`,
      "Strong's Greek Dictionary, joined to the KJV's Strong's tags (public domain)",
    );
  else if (lead.s.entry?.references.length)
    out.add(`Abbott-Smith cites it at ${lead.s.entry.references.slice(0, 3).map(compactToReference).join(', ')}.`);
  return true;
}

/** 'matthew 5:6' -> 'Matthew 5:6' */
function compactToReference(compact: string): string {
  const m = /^(\S+) (\d+)(?::(\d+))?/.exec(compact);
  return m
    ? formatReference({ bookId: m[1]!, chapter: Number(m[2]), verse: m[3] ? Number(m[3]) : undefined })
    : compact;
}
