import { useAtomValue } from 'jotai';
import { CheckIcon } from '../../../components/icons';
import { isOldTestamentSaved, oldTestamentOfflineAtom, saveOldTestament } from '../offline/oldTestament';
import type { Translation } from '../state/readerUrl';

/**
 * The Old Testament for offline reading, on request: the first visit keeps the New Testament only
 * (the Old is three times its size), and a reader who wants it offline asks here.
 */
export function OldTestamentOffline({ translation }: { translation: Translation }) {
  const states = useAtomValue(oldTestamentOfflineAtom);
  const state = states[translation] ?? (isOldTestamentSaved(translation) ? 'saved' : 'none');
  if (typeof caches === 'undefined') return null;
  if (state === 'saved')
    return (
      <p className="flex items-center gap-1.5 text-xs text-muted">
        <CheckIcon width={14} height={14} /> Old Testament saved for offline reading
      </p>
    );
  return (
    <div className="grid gap-1">
      <button
        type="button"
        disabled={state === 'saving'}
        onClick={() => void saveOldTestament(translation)}
        className="h-9 rounded-lg border border-line bg-surface px-3 text-left text-sm text-ink hover:bg-raised disabled:cursor-wait disabled:opacity-70"
      >
        {state === 'saving' ? 'Saving the Old Testament…' : 'Save the Old Testament for offline reading'}
      </button>
      {state === 'failed' && <p className="text-xs text-danger">Saving failed. Check your connection and try again.</p>}
    </div>
  );
}
