import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_MAX } from '@lectio/contracts/assistant';

const PLACEHOLDER = 'Ask a question about this passage...';

/**
 * Free text for Premium readers: Enter sends, Shift+Enter starts a new line. Blank text (only
 * spaces or newlines) cannot be sent; nothing can be sent while an answer is coming.
 */
export function ChatInput({ sending, onSend }: { sending: boolean; onSend(text: string): Promise<boolean> }) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (blank || sending) return;
    const value = text;
    setText('');
    void onSend(value);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Ask the Scripture Assistant"
      className="flex items-end gap-2 border-t border-line p-3"
    >
      <textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={PLACEHOLDER}
        aria-label={PLACEHOLDER.replace('...', '')}
        rows={2}
        maxLength={CHAT_MESSAGE_MAX}
        className="max-h-40 min-h-[2.75rem] flex-1 resize-none rounded-xl border border-line bg-page px-3 py-2 text-sm text-ink placeholder:text-muted focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-accent"
      />
      <button
        type="submit"
        disabled={blank || sending}
        className="h-10 shrink-0 rounded-xl bg-accent px-4 text-sm font-medium text-accent-ink shadow-sm hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {sending ? 'Sending...' : 'Send'}
      </button>
    </form>
  );
}
