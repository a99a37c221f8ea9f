import { useAtomValue } from 'jotai';
import { selectedVerseAtom } from '../reader/state';

/**
 * The chat itself (suggested questions for trial users, free text for subscribers) is built in
 * its own issue; this stand-in shows the passage context the chat will receive.
 */
export default function AssistantChat({ mode }: { mode: 'trial' | 'subscriber' }) {
  const verse = useAtomValue(selectedVerseAtom);
  return (
    <div className="flex flex-1 flex-col gap-3 p-5 text-sm">
      <p className="text-muted">
        {verse ? (
          <>
            Asking about <strong className="text-ink">{`${verse.bookName} ${verse.chapter}:${verse.verse}`}</strong>
          </>
        ) : (
          'Click a verse to ask about it.'
        )}
      </p>
      <p className="text-muted">{mode === 'trial' ? 'Suggested questions will appear here.' : 'Your conversation will appear here.'}</p>
    </div>
  );
}
