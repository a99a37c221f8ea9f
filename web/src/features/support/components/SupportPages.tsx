import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type {
  DriftResponse,
  HistoryEvent,
  HistoryKind,
  ReplayedState,
  SupportAccount,
} from '@lectio/contracts/support';
import { HISTORY_KINDS, supportMessages } from '@lectio/contracts/support';
import { FormField } from '../../../components/FormField';
import { Header } from '../../../components/Header';
import { toast } from '../../../components/toast';
import { Button, ButtonLink, Spinner } from '../../../components/ui';
import { ApiError } from '../../../lib/api';
import { failureText } from '../../../lib/apiErrors';
import NotFoundPage from '../../../pages/NotFoundPage';
import {
  accountDrift,
  accountHistory,
  accountState,
  searchAccounts,
  exportAccount,
  supportAction,
} from '../api/support';
import { paths, supportAccountPath } from '../../../lib/paths';

/*
 * The support console: /support (find a reader) and /support/accounts/:id (their story, replayed
 * at any moment, and support's actions). For anyone without the support role every call answers
 * 404, and so do these pages.
 */

type Gate = 'loading' | 'ok' | 'not-found' | 'expired';
const gateOf = (err: unknown): Gate =>
  err instanceof ApiError && err.status === 404
    ? 'not-found'
    : err instanceof ApiError && err.status === 401
      ? 'expired'
      : 'ok';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
const day = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
    : '—';

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <Header />
      <main id="main" className="mx-auto w-full max-w-5xl px-5 py-10">
        {/* A long e-mail in the title breaks rather than running off a phone's screen. */}
        <h1 className="mb-6 font-serif text-3xl font-semibold tracking-tight [overflow-wrap:anywhere]">{title}</h1>
        {children}
      </main>
    </>
  );
}

function Expired() {
  return (
    <Shell title="Support">
      <p role="alert">Your support session has ended. Please sign in again.</p>
      <ButtonLink to={paths.auth} className="mt-4">
        Sign in
      </ButtonLink>
    </Shell>
  );
}

const Card = ({ title, children, id }: { title: string; children: React.ReactNode; id: string }) => (
  <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
    <h2 id={id} className="font-serif text-xl font-semibold">
      {title}
    </h2>
    <div className="mt-4">{children}</div>
  </section>
);

/** /support: search by e-mail, username or id. */
export function SupportSearchPage() {
  const [gate, setGate] = useState<Gate>('loading');
  const [q, setQ] = useState('');
  const [accounts, setAccounts] = useState<SupportAccount[]>([]);
  const [searched, setSearched] = useState<string | null>(null);

  const run = useCallback(async (text: string, first = false) => {
    try {
      const r = await searchAccounts(text);
      setAccounts(r.accounts);
      setSearched(first ? null : text);
      setGate('ok');
    } catch (err) {
      const g = gateOf(err);
      if (g !== 'ok') setGate(g);
      else toast({ title: 'Search failed', description: failureText(err, 'Could not search'), variant: 'destructive' });
    }
  }, []);
  // Opening the page asks once (the newest accounts), which also tells whether this visitor may see it.
  useEffect(() => {
    void run('@', true);
  }, [run]);

  if (gate === 'loading') return <Spinner />;
  if (gate === 'not-found') return <NotFoundPage />;
  if (gate === 'expired') return <Expired />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (q.trim()) void run(q.trim());
  };
  return (
    <Shell title="Support">
      <form
        role="search"
        aria-label="Find an account"
        onSubmit={submit}
        className="mb-6 flex flex-wrap items-end gap-3"
      >
        <FormField label="E-mail, username or account id" value={q} onValueChange={setQ} className="min-w-72 flex-1" />
        {/* As tall as the field beside it. */}
        <Button type="submit" className="h-11">
          Search
        </Button>
      </form>
      <Card id="accounts-title" title={searched ? `Accounts matching “${searched}”` : 'Newest accounts'}>
        {accounts.length === 0 ? (
          <p>No account matches.</p>
        ) : (
          <ul className="grid gap-2">
            {accounts.map((a) => (
              <li
                key={a.id}
                className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg border border-line px-3 py-2"
              >
                <Link to={supportAccountPath(a.id)} className="font-medium text-accent underline">
                  {a.username} ({a.email})
                </Link>
                <span className="text-sm text-muted">
                  {a.subscriptionStatus} · since {day(a.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </Shell>
  );
}

/** The kinds shown after ticking or unticking one; [] is every kind (the history's default), never none. */
function toggleKind(kinds: readonly HistoryKind[], kind: HistoryKind, on: boolean): HistoryKind[] {
  const shown = kinds.length === 0 ? [...HISTORY_KINDS] : [...kinds];
  const next = on ? [...shown, kind] : shown.filter((k) => k !== kind);
  return next.length === 0 || HISTORY_KINDS.every((k) => next.includes(k))
    ? []
    : HISTORY_KINDS.filter((k) => next.includes(k));
}

const ACTOR: Record<string, string> = {
  reader: 'Reader',
  support: 'Support',
  system: 'System',
  provider: 'Payment provider',
};

function StateView({ state, caption }: { state: ReplayedState; caption: string }) {
  const s = state.subscription;
  const rows: Array<[string, string]> = [
    ['Status', s.status],
    ['Trial ends', day(s.trialEndsAt)],
    ['Paid period ends', day(s.currentPeriodEnd)],
    ['Access ends', day(s.accessEndsAt)],
    [
      'Cards',
      s.paymentMethods.map((m) => `${m.brand} •••• ${m.last4}${m.isDefault ? ' (default)' : ''}`).join(', ') || 'none',
    ],
    ['AI spent this period', `$${state.usage.spent.toFixed(2)} (${state.usage.questions} questions)`],
  ];
  return (
    <div aria-live="polite">
      <p className="mb-3 text-sm text-muted">{caption}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium">{k}</dt>
            <dd data-testid={`state-${k}`}>{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const ACTIONS = [
  ['extend-trial', 'Extend trial'],
  ['credit-budget', 'Credit AI budget'],
  ['cancel-subscription', 'Cancel subscription'],
  ['sign-out-everywhere', 'Sign out everywhere'],
  ['send-password-reset', 'Send password reset'],
  ['rebuild', "Rebuild this account's rows"],
  ['export', 'Export data (data request)'],
] as const;

/** Saves a data request's export as a JSON file. */
function download(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/** The replayed state beside the read model's rows; differences are marked. */
function DriftCard({ id }: { id: string }) {
  const [drift, setDrift] = useState<DriftResponse | null>(null);
  const check = async () => {
    try {
      setDrift(await accountDrift(id));
    } catch (err) {
      toast({ title: 'Drift check failed', description: failureText(err, 'Could not check'), variant: 'destructive' });
    }
  };
  return (
    <Card id="drift-title" title="Drift check">
      <Button variant="outline" size="sm" onClick={() => void check()}>
        Compare with the read model
      </Button>
      {drift && (
        <div aria-live="polite" className="mt-3 text-sm">
          <p className="mb-2 font-medium">
            {drift.differences === 0
              ? 'No differences.'
              : `${drift.differences} differences: rebuild this account's rows to repair them.`}
          </p>
          <table className="w-full text-left">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Replayed</th>
                <th scope="col">Read model</th>
              </tr>
            </thead>
            <tbody>
              {drift.fields.map((f) => (
                <tr key={f.field} className={f.differs ? 'font-semibold text-danger' : ''}>
                  <th scope="row" className="font-normal">
                    {f.field}
                    {f.differs ? ' (differs)' : ''}
                  </th>
                  <td>{JSON.stringify(f.replayed)}</td>
                  <td>{JSON.stringify(f.readModel)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function ActionsCard({ id, onDone }: { id: string; onDone: () => void }) {
  const [action, setAction] = useState<string>('extend-trial');
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const [amount, setAmount] = useState('1.00');
  const [password, setPassword] = useState('');
  const [needPassword, setNeedPassword] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setPending(true);
    try {
      const body: Record<string, unknown> = { reason, ...(password ? { password } : {}) };
      if (action === 'extend-trial') body.days = Number(days);
      if (action === 'credit-budget') body.amount = Number(amount);
      if (action === 'export') {
        download(`lectio-data-${id}.json`, await exportAccount(id, body));
        toast({ title: 'Done', description: supportMessages.exported });
      } else {
        const r = await supportAction(id, action, body);
        toast({ title: 'Done', description: r.message });
      }
      setReason('');
      setPassword('');
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) setNeedPassword(true);
      setError(failureText(err, 'The action failed'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Card id="actions-title" title="Actions">
      <form noValidate onSubmit={submit} aria-label="Support action" className="grid max-w-md gap-4">
        <div className="grid gap-1.5">
          <label htmlFor="support-action" className="text-sm font-medium">
            Action
          </label>
          <select
            id="support-action"
            value={action}
            onChange={(e) => setAction(e.target.value)}
            className="h-11 rounded-lg border border-line bg-surface px-3 text-ink"
          >
            {ACTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {action === 'extend-trial' && (
          <FormField label="Days (1 to 30)" type="number" min={1} max={30} value={days} onValueChange={setDays} />
        )}
        {action === 'credit-budget' && (
          <FormField
            label="Amount in dollars (at most 6.00)"
            type="number"
            step="0.01"
            value={amount}
            onValueChange={setAmount}
          />
        )}
        <FormField label="Reason" value={reason} onValueChange={setReason} hint="Required. The reader sees it." />
        {needPassword && (
          <FormField
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            hint="Confirm it to continue."
          />
        )}
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <Button type="submit" disabled={pending} className="justify-self-start">
          {pending ? 'Working...' : 'Apply'}
        </Button>
      </form>
    </Card>
  );
}

/** /support/accounts/:id: the history, the state at any moment, and the actions. */
export function SupportAccountPage() {
  const { id = '' } = useParams();
  const [gate, setGate] = useState<Gate>('loading');
  const [kinds, setKinds] = useState<HistoryKind[]>([]);
  const [events, setEvents] = useState<HistoryEvent[]>([]);
  const [state, setState] = useState<{ state: ReplayedState; caption: string } | null>(null);
  const [follow, setFollow] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [h, now] = await Promise.all([accountHistory(id, kinds), accountState(id)]);
      setEvents(h.events);
      setState({ state: now, caption: 'Now' });
      setGate('ok');
    } catch (err) {
      const g = gateOf(err);
      setGate(g === 'ok' ? 'not-found' : g);
    }
  }, [id, kinds]);
  useEffect(() => {
    void load();
  }, [load]);

  if (gate === 'loading') return <Spinner />;
  if (gate === 'not-found') return <NotFoundPage />;
  if (gate === 'expired') return <Expired />;

  const replay = async (e: HistoryEvent) => {
    try {
      setState({ state: await accountState(id, e.position), caption: `Right after: ${e.summary} (${when(e.at)})` });
    } catch (err) {
      toast({ title: 'Replay failed', description: failureText(err, 'Could not replay'), variant: 'destructive' });
    }
  };
  const shown = follow ? events.filter((e) => e.correlationId === follow || e.causationId === follow) : events;
  const email = state?.state.user.email ?? '';
  return (
    <Shell title={`Account ${email}`}>
      <p className="-mt-4 mb-6">
        <Link to={paths.support} className="text-accent underline">
          Back to search
        </Link>
      </p>
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <Card id="history-title" title="History">
          <fieldset className="mb-4 flex flex-wrap items-center gap-4 text-sm">
            <legend className="float-left mr-1 font-medium">Show</legend>
            {HISTORY_KINDS.map((k) => (
              <label key={k} className="flex items-center gap-1.5">
                {/* No filter means every kind: the boxes say so (all ticked), and unticking one keeps the others. */}
                <input
                  type="checkbox"
                  checked={kinds.length === 0 || kinds.includes(k)}
                  onChange={(e) => setKinds((ks) => toggleKind(ks, k, e.target.checked))}
                />
                {k}
              </label>
            ))}
          </fieldset>
          {follow && (
            <p className="mb-3 text-sm">
              Showing one command and what it caused.{' '}
              <Button variant="ghost" size="sm" onClick={() => setFollow(null)}>
                Show all
              </Button>
            </p>
          )}
          <ol aria-label="Events, oldest first" className="grid gap-2">
            {shown.map((e) => (
              <li key={e.id} className="rounded-lg border border-line px-3 py-2 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">{e.summary}</span>
                  <time dateTime={e.at} className="whitespace-nowrap text-muted">
                    {when(e.at)}
                  </time>
                </div>
                <p className="text-muted">
                  {ACTOR[e.actor.kind]} · {e.type} · {e.kind}
                  {e.reason ? ` · Reason: ${e.reason}` : ''}
                </p>
                <div className="mt-1 flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => void replay(e)}
                    aria-label={`Replay the account right after: ${e.summary}`}
                  >
                    Replay
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setFollow(e.correlationId)}
                    aria-label={`Follow the command of: ${e.summary}`}
                  >
                    Follow
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        </Card>
        <div className="grid content-start gap-4">
          <Card id="state-title" title="State">
            {state && <StateView state={state.state} caption={state.caption} />}
          </Card>
          <ActionsCard id={id} onDone={() => void load()} />
          <DriftCard id={id} />
        </div>
      </div>
    </Shell>
  );
}
