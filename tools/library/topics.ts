/**
 * Nave's Topical Bible (SWORD module Nave, Debian sword-dict-naves): each topic with its
 * subtopics ('→ Of man for God') and the verses they cite, as compact references ('john 3:16',
 * 'john 3:16-18', 'chronicles1 24'). Subtopics that only point to other topics are dropped, as are
 * references outside the 66 books.
 */
import type { TopicSection, TopicsFile } from '@lectio/library/library-data';
import { osisToText } from '../bible/osis-text';
import { impEntries, OSIS_BOOKS } from './sword';

/** 'Exod.6.16-Exod.6.20' -> 'exodus 6:16-20'; a range across chapters keeps its first verse. */
export function compactOsisRef(osisRef: string, verseAfter?: number): string | null {
  const [from, to] = osisRef.split('-');
  const m = /^([1-3]?[A-Za-z]+)\.(\d+)(?:\.(\d+))?$/.exec(from ?? '');
  if (!m) return null;
  const bookId = OSIS_BOOKS[m[1]!];
  if (!bookId) return null;
  const chapter = m[2]!;
  let verse = m[3];
  // Nave's writes single-chapter books as `<ref osisRef="Jude.1.1">Jude 1</ref>:12`: the verse follows the element.
  if (verseAfter !== undefined && verse === '1') verse = String(verseAfter);
  if (verse === undefined) return `${bookId} ${chapter}`;
  const end = to ? /^[1-3]?[A-Za-z]+\.(\d+)\.(\d+)$/.exec(to) : null;
  if (end && end[1] === chapter && Number(end[2]) > Number(verse)) return `${bookId} ${chapter}:${verse}-${end[2]}`;
  return `${bookId} ${chapter}:${verse}`;
}

const REF = /<ref osisRef="([^"]+)"[^>]*>([^<]*)<\/ref>(?::(\d+))?/g;

function section(markup: string): TopicSection | null {
  const references: string[] = [];
  for (const m of markup.matchAll(REF)) {
    const ref = compactOsisRef(m[1]!, m[3] ? Number(m[3]) : undefined);
    if (ref && !references.includes(ref)) references.push(ref);
  }
  if (references.length === 0) return null;
  const firstRef = markup.search(/<ref osisRef=/);
  const heading = osisToText(markup.slice(0, firstRef))
    .replace(/^→\s*/, '')
    .replace(/[\s,;:.-]+$/, '')
    .trim();
  // Nave's writes some subtopics in capitals ('OF MAN FOR GOD'); those read better in sentence case.
  const sentence = heading === heading.toUpperCase() ? heading.charAt(0) + heading.slice(1).toLowerCase() : heading;
  return { heading: sentence, references };
}

export function parseTopics(imp: string): TopicsFile {
  const topics: TopicsFile['topics'] = [];
  for (const [key, body] of impEntries(imp)) {
    const def = /<def>([\s\S]*)<\/def>/.exec(body)?.[1];
    if (!def) continue;
    const sections = def
      .split(/<lb\/>/)
      .map(section)
      .filter((s): s is TopicSection => s !== null);
    if (sections.length > 0) topics.push({ topic: key, sections });
  }
  return { source: "Nave's Topical Bible", module: 'Nave (Debian sword-dict-naves)', license: 'Public Domain', topics };
}
