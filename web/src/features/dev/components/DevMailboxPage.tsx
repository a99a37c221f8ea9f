import { Fragment, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Header } from '../../../components/Header';
import { Button, Spinner } from '../../../components/ui';
import type { MailboxMessage as MailMessage } from '@lectio/contracts/mailbox';
import { ApiError } from '../../../lib/api';
import { readMailbox } from '../api/dev';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; messages: MailMessage[] }
  | { kind: 'absent' }
  | { kind: 'failed'; message: string };

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const URL_PATTERN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g;

/** Plain text with its URLs as links; links to this site stay in the app (a reset link opens /auth?token=...). */
function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) => {
        if (i % 2 === 0) return <Fragment key={i}>{part}</Fragment>;
        let url: URL | null = null;
        try {
          url = new URL(part);
        } catch {
          /* not a URL after all */
        }
        if (!url) return <Fragment key={i}>{part}</Fragment>;
        const linkClass = 'break-all font-medium text-accent underline underline-offset-2';
        if (url.origin === window.location.origin)
          return (
            <Link key={i} to={url.pathname + url.search + url.hash} className={linkClass}>
              {part}
            </Link>
          );
        return (
          <a key={i} href={url.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {part}
          </a>
        );
      })}
    </>
  );
}

/**
 * The development mailbox: mail the server wrote to its outbox because no SMTP server is set.
 * The API exists outside production only; it is not linked from the app's navigation.
 */
export default function DevMailboxPage() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const { messages } = await readMailbox();
      const sorted = [...messages].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      setState({ kind: 'ready', messages: sorted });
      setSelectedId((id) => (id && sorted.some((m) => m.id === id) ? id : (sorted[0]?.id ?? null)));
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setState({ kind: 'absent' });
      else setState({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  let body: ReactNode;
  if (state.kind === 'loading') body = <Spinner />;
  else if (state.kind === 'absent') body = <p className="text-muted">The mailbox is only available in development.</p>;
  else if (state.kind === 'failed')
    body = (
      <p role="alert" className="text-danger">
        Could not load the mailbox: {state.message}
      </p>
    );
  else if (state.messages.length === 0)
    body = (
      <p className="text-muted">No messages yet. Mail sent by the app (such as password-reset links) appears here.</p>
    );
  else {
    const selected = state.messages.find((m) => m.id === selectedId) ?? null;
    body = (
      <div className="grid gap-4 md:grid-cols-[minmax(0,18rem)_1fr]">
        <nav aria-label="Messages">
          <ul className="grid gap-1">
            {state.messages.map((m) => {
              const current = m.id === selected?.id;
              return (
                <li key={m.id}>
                  <button
                    type="button"
                    aria-current={current ? 'true' : undefined}
                    onClick={() => setSelectedId(m.id)}
                    className={`grid w-full gap-0.5 rounded-lg border px-3 py-2 text-left text-sm transition-colors ${current ? 'border-accent bg-accent-soft' : 'border-line bg-surface hover:bg-raised'}`}
                  >
                    <span className="truncate font-medium">{m.subject || '(no subject)'}</span>
                    <span className="truncate text-muted">To: {m.to}</span>
                    <time dateTime={m.createdAt} className="text-xs text-muted">
                      {timeFormat.format(new Date(m.createdAt))}
                    </time>
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        {selected && (
          <article
            aria-labelledby="mail-subject"
            className="min-w-0 rounded-2xl border border-line bg-surface p-5 shadow-sm"
          >
            <h2 id="mail-subject" className="font-serif text-xl font-semibold">
              {selected.subject || '(no subject)'}
            </h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-muted">
              <dt>To</dt>
              <dd className="break-all">{selected.to}</dd>
              <dt>Sent</dt>
              <dd>
                <time dateTime={selected.createdAt}>{timeFormat.format(new Date(selected.createdAt))}</time>
              </dd>
            </dl>
            <div className="mt-4 whitespace-pre-wrap break-words border-t border-line pt-4 text-sm leading-relaxed">
              <Linkified text={selected.text} />
            </div>
          </article>
        )}
      </div>
    );
  }

  return (
    <>
      <Header />
      <main id="main" className="mx-auto w-full max-w-5xl px-5 py-10">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="font-serif text-3xl font-semibold tracking-tight">Development Mailbox</h1>
            <p className="mt-1 text-sm text-muted">Mail the server would have sent, newest first.</p>
          </div>
          {state.kind !== 'absent' && (
            <Button variant="outline" size="sm" onClick={() => void load()}>
              Refresh
            </Button>
          )}
        </div>
        {body}
      </main>
    </>
  );
}
