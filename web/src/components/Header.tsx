import { useAtom } from 'jotai';
import { Link, useLocation } from 'react-router-dom';
import { showsGetPremium } from '../lib/access';
import { useAuth } from '../lib/auth';
import { LazyAccountMenu, LazyHelpButton, LazySiteMenu, LazyThemeMenu, LazyTutorialDialog } from './LazyMenus';
import { tutorialOpenAtom } from './tutorialState';
import { BookIcon, CrownIcon, MenuIcon } from './icons';
import { ButtonLink, buttonClass } from './ui';
import { paths } from '../lib/paths';

export interface HeaderProps {
  /** The reader's navigation panel toggle (shown on small screens only). */
  menu?: {
    open: boolean;
    onToggle: () => void;
    controls: string;
    /** The panel is docked beside the text (no toggle then). */ docked: boolean;
  };
}

export function Header({ menu }: HeaderProps) {
  const { status, user } = useAuth();
  const location = useLocation();
  const [, setTutorialOpen] = useAtom(tutorialOpenAtom);
  const onLanding = location.pathname === '/' || location.pathname === paths.landingAlias;
  const signedIn = status === 'authenticated' && !!user;

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-page/90 backdrop-blur supports-[backdrop-filter]:bg-page/75">
      <div className="mx-auto flex h-14 items-center gap-2 px-3 sm:px-5">
        {menu ? (
          <button
            type="button"
            className={buttonClass('ghost', 'icon', menu.docked ? 'hidden' : '')}
            aria-label={menu.open ? 'Hide navigation' : 'Show navigation'}
            aria-expanded={menu.open}
            aria-controls={menu.controls}
            onClick={menu.onToggle}
          >
            <MenuIcon />
          </button>
        ) : (
          // Outside the reader the small-screen toggle opens the header's links (spec: a menu toggle, small screens only).
          <LazySiteMenu signedIn={signedIn} showPremium={signedIn && showsGetPremium(user)} className="wide:hidden" />
        )}
        <Brand />

        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          {signedIn && onLanding && (
            // On a phone an icon button like its neighbours (its label wrapped to two lines and squeezed the icon); the name stays.
            <ButtonLink
              to={paths.home}
              variant="ghost"
              size="sm"
              className="shrink-0 whitespace-nowrap max-sm:size-9 max-sm:justify-center max-sm:px-0"
            >
              <BookIcon width={16} height={16} className="shrink-0" aria-hidden="true" />{' '}
              <span className="max-sm:sr-only">Bible Reader</span>
            </ButtonLink>
          )}
          <LazyHelpButton onPress={() => setTutorialOpen(true)} />
          <LazyThemeMenu />
          {signedIn && showsGetPremium(user) && (
            <ButtonLink to={paths.subscription} size="sm" className="max-md:hidden">
              <CrownIcon width={16} height={16} /> Get Premium
            </ButtonLink>
          )}
          {status === 'unauthenticated' && (
            <>
              {/* One line each at 390 px (they wrapped and spilled before): no wrapping, narrower padding on phones. */}
              <ButtonLink to={paths.auth} variant="ghost" size="sm" className="shrink-0 whitespace-nowrap max-sm:px-2">
                Sign In
              </ButtonLink>
              <ButtonLink to={paths.trial} size="sm" className="shrink-0 whitespace-nowrap max-sm:px-2.5">
                Get Started
              </ButtonLink>
            </>
          )}
          {signedIn && <LazyAccountMenu username={user.username} email={user.email} />}
        </div>
      </div>
      <LazyTutorialDialog />
    </header>
  );
}

/** The product mark, linking to /landing (the header's and the auth page's). */
export function Brand() {
  return (
    <Link
      to={paths.landingAlias}
      className="flex shrink-0 items-center gap-2 rounded-md font-serif text-xl font-semibold tracking-tight text-ink sm:pr-2"
      aria-label="Lectio home"
    >
      <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-accent text-accent-ink">
        <BookIcon width={18} height={18} />
      </span>
      {/* The wordmark gives way on the narrowest phones; the mark and its label remain. */}
      <span className="max-[420px]:hidden">Lectio</span>
    </Link>
  );
}
