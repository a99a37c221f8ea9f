/** The header's react-aria menus (account and theme), loaded on intent (see LazyMenus). */
import { useNavigate } from 'react-router-dom';
import {
  Button as AriaButton,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  Separator,
  Tooltip,
  TooltipTrigger,
} from 'react-aria-components';
import { postJson } from '../lib/api';
import { refreshAuth } from '../lib/auth';
import { useTheme, type Theme } from '../lib/theme';
import { toast } from './toast';
import { AccountFace, ThemeFace, type MenuMountProps } from './LazyMenus';
import { useSupportStaff } from './supportStaff';
import {
  BookIcon,
  CardIcon,
  CheckIcon,
  CrownIcon,
  HelpIcon,
  LogInIcon,
  LogOutIcon,
  MenuIcon,
  MonitorIcon,
  MoonIcon,
  NoteIcon,
  SettingsIcon,
  ShieldIcon,
  SunIcon,
} from './icons';
import { paths } from '../lib/paths';

const OPTIONS: Array<{ id: Theme; label: string; Icon: typeof SunIcon }> = [
  { id: 'light', label: 'Light', Icon: SunIcon },
  { id: 'dark', label: 'Dark', Icon: MoonIcon },
  { id: 'system', label: 'System', Icon: MonitorIcon },
];

const popoverClass = 'rounded-xl border border-line bg-surface p-1.5 text-ink shadow-xl outline-none';

/** Spec: tooltips open after 700 ms (at once on keyboard focus) and close 300 ms after leaving. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_CLOSE_DELAY_MS = 300;
const tooltipClass = 'rounded-md bg-ink px-2 py-1 text-xs font-medium text-page shadow-md';

/** The name of an icon-only button, shown on hover and keyboard focus. */
function IconTooltip({ children }: { children: string }) {
  return (
    <Tooltip placement="bottom" offset={6} className={tooltipClass}>
      {children}
    </Tooltip>
  );
}

/** The help button with its tooltip; `onPress` opens the tutorial. */
export function HelpButton({
  autoFocus,
  triggerClass,
  onPress,
}: MenuMountProps & { triggerClass: string; onPress: () => void }) {
  return (
    <TooltipTrigger delay={TOOLTIP_DELAY_MS} closeDelay={TOOLTIP_CLOSE_DELAY_MS}>
      <AriaButton aria-label="Help and tutorial" autoFocus={autoFocus} className={triggerClass} onPress={onPress}>
        <HelpIcon />
      </AriaButton>
      <IconTooltip>Help and tutorial</IconTooltip>
    </TooltipTrigger>
  );
}

/**
 * The small-screen menu outside the reader (where the toggle opens the navigation panel): the
 * header's links that do not fit on a phone.
 */
export function SiteMenu({
  defaultOpen,
  autoFocus,
  triggerClass,
  signedIn,
  showPremium,
}: MenuMountProps & { triggerClass: string; signedIn: boolean; showPremium: boolean }) {
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <AriaButton aria-label="Open menu" autoFocus={autoFocus} className={triggerClass}>
        <MenuIcon />
      </AriaButton>
      <Popover placement="bottom start" offset={6} className={`min-w-52 ${popoverClass}`}>
        <Menu aria-label="Menu" className="outline-none">
          <MenuItem id="reader" href={paths.home} className={itemClass}>
            <BookIcon width={16} height={16} /> Bible Reader
          </MenuItem>
          {signedIn && showPremium && (
            <MenuItem id="premium" href={paths.subscription} className={itemClass}>
              <CrownIcon width={16} height={16} /> Get Premium
            </MenuItem>
          )}
          {signedIn && (
            <MenuItem id="notes" href={paths.notes} className={itemClass}>
              <NoteIcon width={16} height={16} /> My notes
            </MenuItem>
          )}
          {signedIn && (
            <MenuItem id="account" href={paths.account} className={itemClass}>
              <SettingsIcon width={16} height={16} /> Account Settings
            </MenuItem>
          )}
          {!signedIn && (
            <MenuItem id="signin" href={paths.auth} className={itemClass}>
              <LogInIcon width={16} height={16} /> Sign In
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
const itemClass =
  'flex cursor-default items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none data-[focused]:bg-raised data-[hovered]:bg-raised';

export function ThemeMenu({ defaultOpen, autoFocus, triggerClass }: MenuMountProps & { triggerClass: string }) {
  const [theme, setTheme] = useTheme();
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <TooltipTrigger delay={TOOLTIP_DELAY_MS} closeDelay={TOOLTIP_CLOSE_DELAY_MS}>
        <AriaButton aria-label={`Theme: ${theme}`} autoFocus={autoFocus} className={triggerClass}>
          <ThemeFace />
        </AriaButton>
        <IconTooltip>{`Theme: ${theme}`}</IconTooltip>
      </TooltipTrigger>
      <Popover placement="bottom end" offset={6} className={`min-w-40 ${popoverClass}`}>
        <Menu
          aria-label="Theme"
          selectionMode="single"
          selectedKeys={[theme]}
          onSelectionChange={(keys) => {
            const next = keys === 'all' ? undefined : OPTIONS.find((o) => keys.has(o.id));
            if (next) setTheme(next.id);
          }}
          className="outline-none"
        >
          {OPTIONS.map(({ id, label, Icon }) => (
            <MenuItem key={id} id={id} className={itemClass}>
              {({ isSelected }) => (
                <>
                  <Icon width={16} height={16} />
                  <span className="flex-1">{label}</span>
                  {isSelected && <CheckIcon width={16} height={16} />}
                </>
              )}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

export function AccountMenu({
  username,
  email,
  defaultOpen,
  autoFocus,
  triggerClass,
}: MenuMountProps & { username: string; email: string; triggerClass: string }) {
  const navigate = useNavigate();
  const staff = useSupportStaff(email);

  const signOut = async () => {
    try {
      await postJson('/api/logout');
      // Leave first: re-checking auth on a protected route would send the page to /auth instead.
      navigate(paths.landingAlias);
      await refreshAuth();
      toast({ title: 'Logged out', description: 'You have been successfully logged out' });
    } catch (e) {
      console.error('Logout failed', e);
      toast({ title: 'Logout failed', description: 'There was an error logging out', variant: 'destructive' });
    }
  };

  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <AriaButton autoFocus={autoFocus} className={triggerClass}>
        <AccountFace username={username} />
      </AriaButton>
      <Popover placement="bottom end" offset={6} className={`min-w-56 max-w-72 ${popoverClass}`}>
        <div className="px-2.5 pb-2 pt-1.5">
          <p className="truncate text-sm font-semibold">{username}</p>
          <p className="truncate text-xs text-muted">{email}</p>
        </div>
        <Menu aria-label="Account" className="outline-none" onAction={(key) => key === 'signout' && void signOut()}>
          <MenuItem id="reader" href={paths.home} className={itemClass}>
            <BookIcon width={16} height={16} /> Bible Reader
          </MenuItem>
          <MenuItem id="notes" href={paths.notes} className={itemClass}>
            <NoteIcon width={16} height={16} /> My notes
          </MenuItem>
          <MenuItem id="account" href={paths.account} className={itemClass}>
            <SettingsIcon width={16} height={16} /> Account Settings
          </MenuItem>
          <MenuItem id="manage" href={paths.manageSubscription} className={itemClass}>
            <CardIcon width={16} height={16} /> Manage Subscription
          </MenuItem>
          {staff && (
            <MenuItem id="support" href="/support" className={itemClass}>
              <ShieldIcon width={16} height={16} /> Support
            </MenuItem>
          )}
          <Separator className="my-1 h-px bg-line" />
          <MenuItem id="signout" className={itemClass}>
            <LogOutIcon width={16} height={16} /> Sign Out
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
