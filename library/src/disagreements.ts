/**
 * Where the library's sources, or the Gospels themselves, differ (library/data/disagreements/
 * known-disagreements.json, written by us): Heli as Mary's father in Henry and Scofield but Joseph's
 * in Nave's and Easton; how Judas died; one blind man or two. An answer that uses one of these
 * sources says that they differ and who says what.
 */
import { parseAnyReference } from '@lectio/contracts/reference';
import { readOptionalData } from './data';

export interface KnownDisagreement {
  id: string;
  /** The question on which they differ ('How did Judas die?'). */
  subject: string;
  /** Names and terms that bring it up ('Heli', 'genealogy of Jesus'). */
  names: string[];
  /** The passages concerned ('Luke 3:23'). */
  references: string[];
  /** Who says what, and where. */
  views: Array<{ source: string; says: string; where: string }>;
  /** That they differ, and the usual explanations. */
  note: string;
  /** The same in plain words, for the simple style (Flesch-Kincaid grade 8 or lower). */
  plain: string;
}

interface DisagreementsFile {
  source: string;
  items: KnownDisagreement[];
}

let items: KnownDisagreement[] | undefined;

/** Every known disagreement. */
export function knownDisagreements(): readonly KnownDisagreement[] {
  return (items ??= readOptionalData<DisagreementsFile>('disagreements/known-disagreements.json', {
    source: '',
    items: [],
  }).items);
}

const key = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9:]+/g, ' ')
    .trim();

/**
 * The disagreements about a name or term ('Heli', 'Judas Iscariot') or touching a passage
 * ('Luke 3:23', 'Acts 1'); [] when none is known.
 */
export function disagreementsAbout(nameOrReference: string): KnownDisagreement[] {
  const asked = parseAnyReference(nameOrReference);
  const k = key(nameOrReference);
  return knownDisagreements().filter((d) => {
    if (d.names.some((n) => key(n) === k)) return true;
    if (!asked) return false;
    return d.references.some((r) => {
      const ref = parseAnyReference(r);
      if (!ref || ref.bookId !== asked.bookId || ref.chapter !== asked.chapter) return false;
      if (asked.verse === undefined || ref.verse === undefined) return true;
      return asked.verse <= (ref.verseEnd ?? ref.verse) && ref.verse <= (asked.verseEnd ?? asked.verse);
    });
  });
}
