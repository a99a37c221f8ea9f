import type { ReactNode } from 'react';
import { Tab as AriaTab, TabList as AriaTabList, TabPanel as AriaTabPanel, Tabs, type Key } from 'react-aria-components';

/*
 * Tabs, wrapped once over react-aria-components (arrow keys, roles tablist/tab/tabpanel, the
 * selected state) and styled here: a pill bar whose selected tab looks raised (the .segment rule in index.css). Its own module so
 * react-aria's collection code loads only with the screens that have tabs.
 */

export { Tabs, type Key };

export function TabList({ 'aria-label': label, inline = false, children }: { 'aria-label': string; inline?: boolean; children: ReactNode }) {
  return (
    <AriaTabList aria-label={label} className={`${inline ? 'inline-grid' : 'grid'} grid-cols-2 gap-1 rounded-xl bg-raised p-1`}>
      {children}
    </AriaTabList>
  );
}

/** One tab of the bar; `className` sets its padding (px-3, px-5). */
export function Tab({ id, className = 'px-3', children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <AriaTab
      id={id}
      className={`segment cursor-default rounded-lg ${className} py-2 text-center text-sm font-medium text-muted outline-none transition-colors data-[hovered]:text-ink data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent`}
    >
      {children}
    </AriaTab>
  );
}

/** A tab's content, below the bar; `className` adds its look (a card, a grid). */
export function TabPanel({ id, className = '', children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <AriaTabPanel id={id} className={`mt-4 ${className} outline-none`.replace(/\s+/g, ' ')}>
      {children}
    </AriaTabPanel>
  );
}
