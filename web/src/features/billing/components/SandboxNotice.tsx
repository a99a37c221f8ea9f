import { ShieldIcon } from '../../../components/icons';
import { billingMessages } from '../state/messages';

/** Said plainly on every sandbox payment screen. */
export function SandboxNotice({ className = '' }: { className?: string }) {
  return (
    <p
      role="note"
      className={`flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100 ${className}`}
    >
      <ShieldIcon width={16} height={16} className="mt-0.5 shrink-0" aria-hidden="true" />
      {billingMessages.sandboxNotice}
    </p>
  );
}
