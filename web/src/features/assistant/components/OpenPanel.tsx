import { useEffect, useMemo, useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { flushSync } from 'react-dom';
import { useLocation } from 'react-router-dom';
import { findAnyBook } from '@lectio/contracts/books';
import { assistantMessages, type ChatContext } from '@lectio/contracts/assistant';
import { ChatIcon, CloseIcon, SettingsIcon } from '../../../components/icons';
import { useUser } from '../../../lib/auth';
import { parseReaderSearch, selectedVerseAtom } from '../../reader';
import { usePreferenceReminder } from '../hooks/usePreferenceReminder';
import { assistantMode, promoKind } from '../state/access';
import { personalizationOpenAtom, usageExpandedAtom } from '../state/atoms';
import { AssistantChat } from './AssistantChat';
import { AssistantPromo } from './AssistantPromo';
import { ASSISTANT_PANEL_ID, LAUNCHER_ID, PANEL_FRAME } from './panelFrame';
import { PersonalizationDialog } from './PersonalizationDialog';
import { asJourney, asStyle, PreferenceBadge } from './PreferenceBadge';

const ESCAPE_FIRST = '[role="dialog"], [role="toolbar"][aria-label^="Verse actions"]';

/**
 * The open panel: 'Scripture Assistant', the passage it answers about (from the reader's URL and
 * highlighted verse), and by access the promo, the trial's suggested questions or Premium's chat.
 */
export default function OpenPanel({ onClose }: { onClose(): void }) {
  const user = useUser();
  const mode = assistantMode(user);
  const { search } = useLocation();
  const pos = useMemo(() => parseReaderSearch(search), [search]);
  const selected = useAtomValue(selectedVerseAtom);
  const openSettings = useSetAtom(personalizationOpenAtom);
  const setUsageExpanded = useSetAtom(usageExpandedAtom);
  const usageExpanded = useAtomValue(usageExpandedAtom);
  const reminder = usePreferenceReminder(!!user && mode !== 'promo');
  const journey = asJourney(user?.faithJourney);
  const style = asStyle(user?.communicationStyle);

  const bookName = findAnyBook(pos.book)?.name ?? pos.book;
  const verseText =
    selected && selected.book === pos.book && selected.chapter === pos.chapter && selected.verse === pos.verse
      ? selected.text
      : '';
  const context: ChatContext = useMemo(
    () => ({ book: pos.book, chapter: pos.chapter, verse: pos.verse, verseText, translation: pos.translation }),
    [pos.book, pos.chapter, pos.verse, verseText, pos.translation],
  );

  // Focus moves into the panel when it opens; Escape closes it and returns to the launcher.
  const panel = useRef<HTMLElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    el.focus();
    const onKeyDown = (e: KeyboardEvent) => {
      // The most transient thing goes first: a dialog, then a verse's actions bar, then the panel.
      if (e.key !== 'Escape' || document.querySelector(ESCAPE_FIRST)) return;
      e.stopPropagation();
      closeToLauncher(closeRef.current);
    };
    el.addEventListener('keydown', onKeyDown);
    return () => el.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <aside
      id={ASSISTANT_PANEL_ID}
      ref={panel}
      tabIndex={-1}
      aria-labelledby="assistant-title"
      className={`${PANEL_FRAME} outline-none`}
    >
      <div className="flex items-center gap-3 border-b border-line px-4 py-3">
        <span
          aria-hidden="true"
          className="grid size-8 shrink-0 place-items-center rounded-lg bg-accent-soft text-accent"
        >
          <ChatIcon width={18} height={18} />
        </span>
        <div className="min-w-0 flex-1">
          <h2
            id="assistant-title"
            className="truncate whitespace-nowrap font-serif text-base font-semibold leading-tight sm:text-lg"
          >
            Scripture Assistant
          </h2>
          <p className="truncate text-xs text-muted">
            {bookName} {pos.chapter}
            {pos.verse !== null && `:${pos.verse}`}
          </p>
          {mode !== 'promo' && <PreferenceBadge journey={journey} style={style} onEdit={() => openSettings(true)} />}
        </div>
        {mode === 'premium' && (
          <button
            type="button"
            aria-label="Monthly usage"
            aria-pressed={usageExpanded}
            onClick={() => setUsageExpanded(!usageExpanded)}
            className="grid size-8 place-items-center rounded-md text-muted hover:bg-raised aria-pressed:bg-raised aria-pressed:text-ink"
          >
            <UsageIcon />
          </button>
        )}
        {mode !== 'promo' && (
          <button
            type="button"
            aria-label="Personalization settings"
            onClick={() => openSettings(true)}
            className="grid size-8 place-items-center rounded-md text-muted hover:bg-raised"
          >
            <SettingsIcon width={16} height={16} />
          </button>
        )}
        <button
          type="button"
          aria-label="Close Scripture Assistant panel"
          onClick={() => closeToLauncher(onClose)}
          className="grid size-8 place-items-center rounded-md text-muted hover:bg-raised"
        >
          <CloseIcon width={16} height={16} />
        </button>
      </div>

      <div className="flex min-h-0 flex-1 flex-col">
        {mode === 'promo' ? (
          <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
            <AssistantPromo signedIn={!!user} kind={promoKind(user)} />
          </div>
        ) : (
          <AssistantChat
            mode={mode}
            reader={String(user?.id ?? user?.email ?? '')}
            context={context}
            passage={`${bookName} ${pos.chapter}${pos.verse !== null ? `:${pos.verse}` : ''}`}
            translation={pos.translation}
            reminder={reminder}
          />
        )}
      </div>

      {/* The promo's footer; the conversation's own says what its answers come from (state/answerFrame.ts). */}
      {mode === 'promo' && (
        <p data-assistant-footer className="border-t border-line px-4 py-2 text-center text-[11px] text-muted">
          {assistantMessages.footer}
        </p>
      )}

      {mode !== 'promo' && (
        <PersonalizationDialog journey={journey} style={style} onSaved={reminder.saved} onDismiss={reminder.dismiss} />
      )}
    </aside>
  );
}

/** Closes the panel and gives focus to the chat button, rendered at once (it gives way to the open panel) to take it. */
function closeToLauncher(close: () => void) {
  flushSync(close);
  document.getElementById(LAUNCHER_ID)?.focus();
}

function UsageIcon() {
  return (
    <svg
      aria-hidden="true"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3 3v18h18" />
      <path d="M7 15v2M12 10v7M17 6v11" />
    </svg>
  );
}
