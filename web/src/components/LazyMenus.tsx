import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useTheme } from '../lib/theme';
import { HelpIcon, MenuIcon, MonitorIcon, MoonIcon, SunIcon } from './icons';
import { tutorialOpenAtom } from './tutorialState';

/*
 * The header's react-aria menus and the tutorial dialog stay out of the first load. The header
 * renders a plain, identical-looking button; the menu code is fetched on intent (hover, focus,
 * touch) and a click made before it arrives opens the menu as soon as it does. Keyboard focus is
 * carried over to the real trigger.
 */
type MenusModule = Pick<typeof import('./HeaderMenus'), 'HelpButton' | 'SiteMenu' | 'ThemeMenu' | 'AccountMenu'>;
let menusModule: MenusModule | null = null;
let menusPromise: Promise<MenusModule> | null = null;
function loadMenus(): Promise<MenusModule> {
  menusPromise ??= import('./HeaderMenus').then(
    ({ HelpButton, SiteMenu, ThemeMenu, AccountMenu }) =>
      (menusModule = { HelpButton, SiteMenu, ThemeMenu, AccountMenu }),
  );
  return menusPromise;
}
const TutorialDialog = lazy(() => import('./TutorialDialog'));

export interface MenuMountProps {
  defaultOpen: boolean;
  autoFocus: boolean;
}

/**
 * Renders a plain placeholder button until the menu module is loaded, then swaps in the real
 * react-aria menu in place (no Suspense fallback, so keyboard focus is handed over, not lost).
 */
function IntentLoaded({
  label,
  className,
  face,
  render,
  popup = true,
  onActivate,
}: {
  /** null when the face itself names the button. */
  label: string | null;
  className: string;
  face: ReactNode;
  render: (mod: MenusModule, p: MenuMountProps) => ReactNode;
  /** False for a plain button (help): it opens no menu, and a press acts at once. */
  popup?: boolean;
  onActivate?: () => void;
}) {
  const [mod, setMod] = useState<MenusModule | null>(menusModule);
  const [mount, setMount] = useState<MenuMountProps>({ defaultOpen: false, autoFocus: false });
  const ref = useRef<HTMLButtonElement>(null);
  const openWanted = useRef(false);

  const load = (open: boolean) => {
    if (open) openWanted.current = true;
    void loadMenus().then((m) => {
      setMount({ defaultOpen: openWanted.current, autoFocus: document.activeElement === ref.current });
      setMod(m);
    });
  };

  const wrapper = useRef<HTMLSpanElement>(null);
  // Opening moves focus into the menu by itself; otherwise hand focus to the real trigger.
  const handOver = mount.autoFocus && !mount.defaultOpen;
  useEffect(() => {
    if (mod && handOver) wrapper.current?.querySelector('button')?.focus();
  }, [mod, handOver]);

  if (mod)
    return (
      <span ref={wrapper} className="contents">
        {render(mod, mount)}
      </span>
    );
  if (!popup)
    return (
      <button
        ref={ref}
        type="button"
        aria-label={label ?? undefined}
        className={className}
        onPointerEnter={() => load(false)}
        onTouchStart={() => load(false)}
        onFocus={() => load(false)}
        onClick={onActivate}
      >
        {face}
      </button>
    );
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label ?? undefined}
      aria-haspopup="menu"
      aria-expanded={false}
      className={className}
      onPointerEnter={() => load(false)}
      onTouchStart={() => load(false)}
      onFocus={() => load(false)}
      onPointerDown={(e) => e.button === 0 && load(true)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
          e.preventDefault();
          load(true);
        }
      }}
      onClick={() => load(true)}
    >
      {face}
    </button>
  );
}

const accountTrigger =
  'flex items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm text-ink outline-none hover:bg-raised focus-visible:outline-2 focus-visible:outline-accent data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent';
// 36 px on phones, so the signed-out header (brand, menu, help, theme, Sign In, Get Started) fits 360 px.
const themeTrigger =
  'grid size-9 shrink-0 sm:size-10 place-items-center rounded-lg text-ink outline-none hover:bg-raised focus-visible:outline-2 focus-visible:outline-accent data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent';

export function AccountFace({ username }: { username: string }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="grid size-8 place-items-center rounded-full bg-accent-soft font-semibold text-accent"
      >
        {(username.trim()[0] ?? '?').toUpperCase()}
      </span>
      <span className="sr-only">Account menu for </span>
      <span className="max-w-[60px] truncate md:max-w-[100px]">{username}</span>
    </>
  );
}

export function LazyAccountMenu({ username, email }: { username: string; email: string }) {
  return (
    <IntentLoaded
      label={null}
      className={accountTrigger}
      face={<AccountFace username={username} />}
      render={(m, p) => <m.AccountMenu username={username} email={email} triggerClass={accountTrigger} {...p} />}
    />
  );
}

export function ThemeFace() {
  const [theme] = useTheme();
  const Icon = theme === 'light' ? SunIcon : theme === 'dark' ? MoonIcon : MonitorIcon;
  return <Icon />;
}

export function LazyThemeMenu() {
  const [theme] = useTheme();
  return (
    <IntentLoaded
      label={`Theme: ${theme}`}
      className={themeTrigger}
      face={<ThemeFace />}
      render={(m, p) => <m.ThemeMenu triggerClass={themeTrigger} {...p} />}
    />
  );
}

const helpTrigger = themeTrigger;
const siteMenuTrigger = themeTrigger;

/** The help button; its tooltip comes with the menu module (on intent, like the menus). */
export function LazyHelpButton({ onPress, className = '' }: { onPress: () => void; className?: string }) {
  return (
    <IntentLoaded
      label="Help and tutorial"
      popup={false}
      className={`${helpTrigger} ${className}`}
      face={<HelpIcon />}
      onActivate={onPress}
      render={(m, p) => (
        <m.HelpButton triggerClass={`${helpTrigger} ${className}`} onPress={onPress} {...p} defaultOpen={false} />
      )}
    />
  );
}

/** The small-screen menu toggle outside the reader (see SiteMenu). */
export function LazySiteMenu({
  signedIn,
  showPremium,
  className = '',
}: {
  signedIn: boolean;
  showPremium: boolean;
  className?: string;
}) {
  return (
    <IntentLoaded
      label="Open menu"
      className={`${siteMenuTrigger} ${className}`}
      face={<MenuIcon />}
      render={(m, p) => (
        <m.SiteMenu
          triggerClass={`${siteMenuTrigger} ${className}`}
          signedIn={signedIn}
          showPremium={showPremium}
          {...p}
        />
      )}
    />
  );
}

export function LazyTutorialDialog() {
  const open = useAtomValue(tutorialOpenAtom);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <TutorialDialog />
    </Suspense>
  );
}
