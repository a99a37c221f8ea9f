import type { NoteColor } from '@lectio/contracts/notes';

const NAMES: Record<NoteColor, string> = {
  yellow: 'Yellow',
  green: 'Green',
  blue: 'Blue',
  pink: 'Pink',
  purple: 'Purple',
};

/** A highlight colour as the reader reads it. */
export const colorName = (c: NoteColor) => NAMES[c];
