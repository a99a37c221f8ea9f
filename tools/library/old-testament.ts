/** The Old Testament of the WEB and the KJV, by the New Testament's converter with the Old Testament's books. */
import { OT_BOOKS } from '@lectio/contracts/books';
import { parseImp, type BibleFile, type TranslationSource } from '../bible/convert';
import { OT_SWORD_NAMES } from './sword';

/** `imp` is mod2imp's export of the translation's module (both testaments). */
export function oldTestamentFile(source: TranslationSource, imp: string): BibleFile {
  return {
    translation: source.translation,
    name: source.name,
    source: `SWORD module ${source.module}`,
    license: source.license,
    books: parseImp(imp, OT_BOOKS, OT_SWORD_NAMES),
  };
}
