import { CheckIcon } from '../../../components/icons';
import { useOfflineBundleStatus } from '../hooks/useOfflineBundle';
import type { Translation } from '../state/readerUrl';

/** The offline download's progress and outcome, quiet, in the navigation panel: never over the text or in the assistant. */
export function OfflineStatus({ translation }: { translation: Translation }) {
  const offline = useOfflineBundleStatus(translation);
  return (
    <>
      {offline.saved && (
        <p className="flex items-center gap-1.5 text-xs text-muted">
          <CheckIcon width={14} height={14} /> Saved for offline reading
        </p>
      )}
      {offline.loading && (
        <p role="status" className="flex items-center gap-1.5 text-xs text-muted">
          <span
            aria-hidden="true"
            className="size-3 animate-spin rounded-full border-2 border-current border-t-transparent"
          />
          Loading Bible content...
        </p>
      )}
    </>
  );
}
