import type { ReactNode } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, type Placement } from 'react-aria-components';

/*
 * A button that opens a menu of actions: react-aria-components' MenuTrigger > Popover > Menu,
 * wrapped once here (arrow keys, Enter, Escape, focus back to the button) and styled here.
 */

export interface MenuAction {
  id: string;
  /** What the item says; `textValue` is its name for type-ahead when the label is not plain text. */
  label: ReactNode;
  textValue: string;
  /** A decoration before the label (hidden from assistive technology). */
  icon?: ReactNode;
  /** A quiet note after the label ('(current)'). */
  note?: string;
  onAction(): void;
}

const itemClass =
  'flex cursor-default items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-ink outline-none data-[focused]:bg-raised data-[hovered]:bg-raised data-[pressed]:bg-raised';

export function ActionMenu({
  trigger,
  triggerClass,
  triggerLabel,
  menuLabel,
  items,
  placement = 'top',
}: {
  /** The button's face. */
  trigger: ReactNode;
  triggerClass: string;
  /** The button's accessible name when its face is an icon. */
  triggerLabel?: string;
  menuLabel: string;
  items: readonly MenuAction[];
  placement?: Placement;
}) {
  return (
    <MenuTrigger>
      <AriaButton aria-label={triggerLabel} className={triggerClass}>
        {trigger}
      </AriaButton>
      <Popover
        placement={placement}
        offset={8}
        className="min-w-44 rounded-xl border border-line bg-surface p-1.5 text-ink shadow-xl outline-none"
      >
        <Menu
          aria-label={menuLabel}
          className="outline-none"
          onAction={(key) => items.find((i) => i.id === key)?.onAction()}
        >
          {items.map((item) => (
            <MenuItem key={item.id} id={item.id} className={itemClass} textValue={item.textValue}>
              {item.icon && (
                <span aria-hidden="true" className="contents">
                  {item.icon}
                </span>
              )}
              {item.label}
              {item.note && <span className="ml-auto text-xs text-muted">{item.note}</span>}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
