import type { ChatContext } from '@lectio/contracts/assistant';
import { useState } from 'react';
import { useSetAtom } from 'jotai';
import type { Translation } from '../../reader';
import { useChat } from '../hooks/useChat';
import { useUsage } from '../hooks/useUsage';
import { panelFooter } from '../state/answerFrame';
import { personalizationOpenAtom } from '../state/atoms';
import type { AssistantMode } from '../state/access';
import { ChatInput } from './ChatInput';
import { ChatMessages } from './ChatMessages';
import { PreferenceReminderBanner } from './PreferenceReminderBanner';
import { SuggestedQuestions } from './SuggestedQuestions';
import { UpgradePrompt } from './UpgradePrompt';
import { UsageBanner } from './UsageBanner';

/**
 * The conversation for trial and Premium readers: banners, the messages about this passage, the
 * suggested questions, and either the free-text box (Premium) or the upgrade prompt (trial).
 */
export function AssistantChat({
  mode,
  reader,
  context,
  passage,
  translation,
  reminder,
}: {
  mode: Exclude<AssistantMode, 'promo'>;
  /** Who is reading (the conversations in memory are theirs only). */
  reader: string;
  context: ChatContext;
  passage: string;
  translation: Translation;
  reminder: { showReminder: boolean; dismiss(): void };
}) {
  const chat = useChat(context, reader);
  const { usage } = useUsage(mode === 'premium');
  const openSettings = useSetAtom(personalizationOpenAtom);
  // Closed when the panel opens and whenever a question is sent, so the answer has the room.
  const [suggestionsOpen, setSuggestionsOpen] = useState(false);
  const send = (text: string, questionId?: string) => {
    setSuggestionsOpen(false);
    return chat.send(text, questionId);
  };
  const empty =
    mode === 'premium'
      ? `Ask anything about ${passage}, or open the suggested questions below.`
      : `Open the suggested questions below to ask about ${passage}.`;

  // A trial reader has no input to keep at the bottom: before the first question the suggestions
  // and the upgrade follow the intro at once, not across an empty panel.
  const compact = mode === 'trial' && chat.loaded && chat.messages.length === 0;

  return (
    <>
      <div data-chat-scroll className={`min-h-0 overflow-y-auto ${compact ? 'flex-none' : 'flex-1'}`}>
        {reminder.showReminder && (
          <PreferenceReminderBanner onUpdate={() => openSettings(true)} onDismiss={reminder.dismiss} />
        )}
        <div className="px-3 py-3">
          {chat.loaded ? (
            <ChatMessages messages={chat.messages} translation={translation} empty={empty} />
          ) : (
            <p role="status" className="px-1 py-6 text-center text-sm text-muted">
              Loading the conversation...
            </p>
          )}
        </div>
      </div>
      <SuggestedQuestions
        key={`${context.book}:${context.chapter}`}
        book={context.book}
        chapter={context.chapter}
        disabled={chat.sending}
        expanded={suggestionsOpen}
        onExpandedChange={setSuggestionsOpen}
        onAsk={(q) => void send(q.text, q.id)}
      />
      {/* Above the input, never inside the scrolled conversation: the limit is seen where the next question is typed. */}
      {mode === 'premium' && <UsageBanner usage={usage} />}
      {mode === 'premium' ? <ChatInput sending={chat.sending} onSend={(text) => send(text)} /> : <UpgradePrompt />}
      {compact && <div aria-hidden="true" className="flex-1" />}
      <p data-assistant-footer className="border-t border-line px-4 py-2 text-center text-[11px] text-muted">
        {panelFooter(chat.messages, mode, usage?.answeredBy)}
      </p>
    </>
  );
}
