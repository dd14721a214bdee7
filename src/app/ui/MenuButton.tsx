// A menu button (WAI-ARIA menu pattern): the button opens a list of commands and links; arrow keys, Home and
// End move among them, Escape and Tab close it, and the focus returns to the button.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

export type MenuItem =
  | {
      key: string;
      label: string;
      onSelect: () => void;
      disabled?: boolean;
      danger?: boolean;
      /** A keyboard shortcut of the same command, shown beside the label ("Ctrl+C"); `ariaKeys` is its aria-keyshortcuts value. */
      shortcut?: string;
      ariaKeys?: string;
    }
  | { key: string; label: string; href: string };

/** The menu's items that can take the focus, in order. */
const entriesOf = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];

/** `title`: the button's tooltip (for a button that shows only a drawing). */
export function MenuButton({ label, children, items, className, title }: { label: string; children: ReactNode; items: readonly MenuItem[]; className?: string; title?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId().replace(/:/g, '');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const [focusOn, setFocusOn] = useState<'first' | 'last'>('first');

  useEffect(() => {
    if (!open) return;
    const list = entriesOf(menuRef.current);
    (focusOn === 'first' ? list[0] : list[list.length - 1])?.focus();
    const away = (e: PointerEvent) => {
      if (!menuRef.current?.contains(e.target as Node) && !buttonRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open, focusOn]);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setFocusOn(e.key === 'ArrowDown' ? 'first' : 'last');
      setOpen(true);
    }
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const list = entriesOf(menuRef.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(list.length - 1);
    else if (e.key === 'Escape') close();
    else if (e.key === 'Tab') return close(false);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <span className={`menu-button ${className ?? ''}`}>
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary button--small menu-button__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={label}
        title={title}
        onClick={() => {
          setFocusOn('first');
          setOpen((o) => !o);
        }}
        onKeyDown={onButtonKey}
      >
        {children}
      </button>
      {open && (
        <div ref={menuRef} id={`${id}-menu`} className="menu-button__list" role="menu" aria-label={label} onKeyDown={onMenuKey}>
          {items.map((item) =>
            'href' in item ? (
              <Link key={item.key} role="menuitem" tabIndex={-1} className="menu-button__item" to={item.href} onClick={() => setOpen(false)}>
                {item.label}
              </Link>
            ) : (
              <button
                key={item.key}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={`menu-button__item${item.danger ? ' menu-button__item--danger' : ''}`}
                aria-disabled={item.disabled || undefined}
                aria-keyshortcuts={item.ariaKeys}
                onClick={() => {
                  if (item.disabled) return;
                  close();
                  item.onSelect();
                }}
              >
                {item.label}
                {item.shortcut && (
                  <span className="menu-button__shortcut" aria-hidden="true">
                    {item.shortcut}
                  </span>
                )}
              </button>
            ),
          )}
        </div>
      )}
    </span>
  );
}
