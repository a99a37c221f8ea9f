/** Whether a key press should turn the page: ArrowLeft/[ (previous) and ArrowRight/] (next). */
export type ChapterKey = 'previous' | 'next' | null;

export interface KeyLike {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  defaultPrevented?: boolean;
}

export interface TargetLike {
  tagName?: string;
  isContentEditable?: boolean;
  /** The closest ancestor role that owns arrow keys (listbox, menu, radiogroup…), if any. */
  closestRole?: string | null;
}

const TEXT_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
export const ARROW_OWNING_ROLES = [
  'listbox',
  'menu',
  'menubar',
  'radiogroup',
  'grid',
  'slider',
  'tablist',
  'tree',
  'combobox',
  'dialog',
  'option',
  'menuitem',
];

export function chapterKey(e: KeyLike, target: TargetLike): ChapterKey {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return null;
  if (target.isContentEditable || (target.tagName && TEXT_TAGS.has(target.tagName.toUpperCase()))) return null;
  const isArrow = e.key === 'ArrowLeft' || e.key === 'ArrowRight';
  if (isArrow && (e.shiftKey || target.closestRole)) return null;
  if (e.key === 'ArrowLeft' || e.key === '[') return 'previous';
  if (e.key === 'ArrowRight' || e.key === ']') return 'next';
  return null;
}

export function describeTarget(el: EventTarget | null): TargetLike {
  if (!(el instanceof HTMLElement)) return {};
  const owner = el.closest(ARROW_OWNING_ROLES.map((r) => `[role="${r}"]`).join(','));
  return {
    tagName: el.tagName,
    isContentEditable: el.isContentEditable,
    closestRole: owner?.getAttribute('role') ?? null,
  };
}
