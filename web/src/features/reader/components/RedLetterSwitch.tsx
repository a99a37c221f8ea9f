import { useRedLetter } from '../../../lib/redLetter';

/** "Words of Jesus in red": a native checkbox (Space toggles it, its label is its name). */
export function RedLetterSwitch() {
  const [redLetter, setRedLetter] = useRedLetter();
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={redLetter === 'on'}
        onChange={(e) => setRedLetter(e.target.checked ? 'on' : 'off')}
        className="h-4 w-4 accent-[var(--c-accent)]"
      />
      Words of Jesus in red
    </label>
  );
}
