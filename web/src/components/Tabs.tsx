import {
  createContext,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

/*
 * Tabs with the WAI-ARIA tabs pattern (roles tablist/tab/tabpanel, the selected state, arrow keys,
 * Home and End, selection following focus), styled here: a pill bar whose selected tab looks raised
 * (the .segment rule in index.css). Plain React rather than react-aria-components: /auth and
 * /account show tabs on their first screen, and react-aria's collection code (about 45 KB
 * compressed) was most of the JavaScript those screens waited for.
 */

export type Key = string;

interface TabsState {
  base: string;
  selected: Key;
  select(key: Key): void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tab, TabList and TabPanel belong inside Tabs');
  return state;
}

const tabId = (base: string, key: Key) => `${base}-tab-${key}`;
const panelId = (base: string, key: Key) => `${base}-tabpanel-${key}`;

/** Controlled with `selectedKey` and `onSelectionChange`, or uncontrolled from `defaultSelectedKey`. */
export function Tabs({
  selectedKey,
  defaultSelectedKey,
  onSelectionChange,
  children,
}: {
  selectedKey?: Key;
  defaultSelectedKey?: Key;
  onSelectionChange?: (key: Key) => void;
  children: ReactNode;
}) {
  const base = useId();
  const [own, setOwn] = useState<Key>(defaultSelectedKey ?? '');
  const selected = selectedKey ?? own;
  const select = (key: Key) => {
    if (key === selected) return;
    setOwn(key);
    onSelectionChange?.(key);
  };
  return (
    <TabsContext.Provider value={{ base, selected, select }}>
      <div>{children}</div>
    </TabsContext.Provider>
  );
}

export function TabList({
  'aria-label': label,
  inline = false,
  children,
}: {
  'aria-label': string;
  inline?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      className={`${inline ? 'inline-grid' : 'grid'} grid-cols-2 gap-1 rounded-xl bg-raised p-1`}
    >
      {children}
    </div>
  );
}

/**
 * Arrow keys move to the previous or next tab of the bar (wrapping around), Home and End to the
 * first and last; the tab that gets focus is selected at once. Returns the key to select, if any.
 */
function moveFocus(e: KeyboardEvent<HTMLDivElement>): Key | null {
  const bar = e.currentTarget.closest('[role="tablist"]');
  const tabs = bar ? Array.from(bar.querySelectorAll<HTMLElement>('[role="tab"]')) : [];
  const at = tabs.indexOf(e.currentTarget);
  const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key];
  if (at < 0 || to === undefined) return null;
  e.preventDefault();
  const target = tabs[(to + tabs.length) % tabs.length];
  target?.focus();
  return target?.dataset.key ?? null;
}

/** One tab of the bar; `className` sets its padding (px-3, px-5). */
export function Tab({ id, className = 'px-3', children }: { id: string; className?: string; children: ReactNode }) {
  const { base, selected, select } = useTabs();
  const isSelected = id === selected;
  return (
    <div
      role="tab"
      id={tabId(base, id)}
      data-key={id}
      aria-selected={isSelected}
      aria-controls={isSelected ? panelId(base, id) : undefined}
      data-selected={isSelected || undefined}
      tabIndex={isSelected ? 0 : -1}
      onClick={() => select(id)}
      onKeyDown={(e) => {
        const key = moveFocus(e);
        if (key !== null) select(key);
      }}
      className={`segment cursor-default rounded-lg ${className} py-2 text-center text-sm font-medium text-muted outline-none transition-colors hover:text-ink focus-visible:outline-2 focus-visible:outline-accent`}
    >
      {children}
    </div>
  );
}

/** A tab's content, below the bar, shown while its tab is selected; `className` adds its look (a card, a grid). */
export function TabPanel({ id, className = '', children }: { id: string; className?: string; children: ReactNode }) {
  const { base, selected } = useTabs();
  if (id !== selected) return null;
  return (
    <SelectedPanel base={base} id={id} className={className}>
      {children}
    </SelectedPanel>
  );
}

function SelectedPanel({
  base,
  id,
  className,
  children,
}: {
  base: string;
  id: string;
  className: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The panel is a Tab stop of its own only when nothing inside it is (a form is reached by its fields).
  const [tabbable, setTabbable] = useState(true);
  useLayoutEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const update = () => setTabbable(!panel.querySelector(TABBABLE));
    update();
    const observer = new MutationObserver(update);
    observer.observe(panel, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['tabindex', 'disabled'],
    });
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      role="tabpanel"
      id={panelId(base, id)}
      aria-labelledby={tabId(base, id)}
      tabIndex={tabbable ? 0 : undefined}
      className={`mt-4 ${className} outline-none`.replace(/\s+/g, ' ')}
    >
      {children}
    </div>
  );
}

const TABBABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';
