import { useLocation } from 'react-router-dom';
import { CrownIcon } from '../../../components/icons';
import { upgradeHref } from '../../../lib/paths';
import { ButtonLink } from '../../../components/ui';

/** Trial readers: suggested questions only; Premium adds their own questions. */
export function UpgradePrompt() {
  const { pathname, search } = useLocation();
  return (
    <div className="flex items-center gap-3 border-t border-line bg-accent-soft/60 px-4 py-3">
      <CrownIcon aria-hidden="true" width={18} height={18} className="shrink-0 text-accent" />
      <p className="flex-1 text-xs leading-snug">
        <strong className="block text-sm">Ask your own questions with Premium</strong>
        Your free trial includes the suggested questions.
      </p>
      <ButtonLink to={upgradeHref(pathname + search)} size="sm" className="shrink-0">
        Upgrade
      </ButtonLink>
    </div>
  );
}
