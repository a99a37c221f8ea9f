import { useQuery } from '@tanstack/react-query';
import { supportAccessQuery } from '../api/support';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const ACTIONS: Record<string, string> = {
  search: 'Listed your account in a search',
  history: 'Viewed your account history',
  state: 'Viewed your account state',
  'extend-trial': 'Extended your trial',
  'credit-budget': 'Credited your AI budget',
  'cancel-subscription': 'Cancelled your subscription',
  'sign-out-everywhere': 'Signed you out everywhere',
  'send-password-reset': 'Sent you a password reset link',
  drift: 'Checked your account records',
  rebuild: 'Repaired your account records',
  export: 'Exported your data for a data request',
};

/** /account: every time support looked at or acted on this account, and why. */
export function SupportAccessCard() {
  const query = useQuery(supportAccessQuery);
  const lookups = query.data?.lookups ?? null;
  const failed = query.isError;
  return (
    <section className="rounded-2xl border border-line bg-surface p-6 shadow-sm" aria-labelledby="support-access-title">
      <h2 id="support-access-title" className="font-serif text-xl font-semibold">
        Support access
      </h2>
      <p className="mt-1 text-sm text-muted">Every time our support team looked at or changed your account.</p>
      <div className="mt-5 text-sm">
        {failed ? (
          <p>Could not load the support access list.</p>
        ) : lookups === null ? (
          <p>Loading...</p>
        ) : lookups.length === 0 ? (
          <p>Support has not looked at your account.</p>
        ) : (
          <ul className="grid gap-2">
            {lookups.map((l, i) => (
              <li key={`${l.at}-${i}`} className="rounded-lg border border-line px-3 py-2">
                <span className="font-medium">{ACTIONS[l.action ?? ''] ?? l.action ?? 'Looked at your account'}</span>{' '}
                <time dateTime={l.at} className="text-muted">
                  {when(l.at)}
                </time>
                {l.reason && <p className="mt-0.5 text-muted">Reason: {l.reason}</p>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** /account: the reader's own data, everything Lectio holds about them, as one JSON file. */
export function DataExportCard() {
  return (
    <section className="rounded-2xl border border-line bg-surface p-6 shadow-sm" aria-labelledby="data-export-title">
      <h2 id="data-export-title" className="font-serif text-xl font-semibold">
        Your data
      </h2>
      <p className="mt-1 text-sm text-muted">
        Everything Lectio holds about you (your account&apos;s history and its current records), as a JSON file.
      </p>
      <a
        href="/api/user/export"
        download="lectio-my-data.json"
        className="mt-5 inline-block font-medium text-accent underline"
      >
        Download my data
      </a>
    </section>
  );
}
