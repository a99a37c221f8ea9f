import { useVersePerLine } from '../../../lib/versePerLine';

/** "One verse per line": each verse its own line instead of the translation's paragraphs (a native checkbox). */
export function VersePerLineSwitch() {
  const [versePerLine, setVersePerLine] = useVersePerLine();
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={versePerLine === 'on'}
        onChange={(e) => setVersePerLine(e.target.checked ? 'on' : 'off')}
        className="h-4 w-4 accent-[var(--c-accent)]"
      />
      One verse per line
    </label>
  );
}
