import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import './menu-button.css';

export interface MenuItem<Id extends string> {
  id: Id;
  label: string;
}

/**
 * A button that opens a menu, as the ARIA menu-button pattern has it: the first item takes focus,
 * arrow keys, Home and End move, Escape closes and returns focus to the button.
 */
export function MenuButton<Id extends string>({
  label,
  items,
  onSelect,
  variant = 'primary',
  disabled = false,
}: {
  label: ReactNode;
  items: readonly MenuItem<Id>[];
  onSelect: (id: Id) => void;
  variant?: ButtonVariant;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const baseId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  const itemElements = () => [
    ...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
  ];

  useEffect(() => {
    if (!open) return;
    itemElements()[0]?.focus();
    const closeOnOutsideClick = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const elements = itemElements();
    const index = elements.indexOf(document.activeElement as HTMLButtonElement);
    const last = elements.length - 1;
    const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: last }[event.key];
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (next !== undefined) {
      event.preventDefault();
      elements[(next + elements.length) % elements.length]?.focus();
    }
  };

  return (
    <div className="menu-button">
      <Button
        ref={button}
        variant={variant}
        disabled={disabled}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${baseId}-menu` : undefined}
        id={`${baseId}-button`}
        onClick={() => setOpen((current) => !current)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
        <span className="menu-button__caret" aria-hidden="true" />
      </Button>
      {open && (
        <ul
          ref={menu}
          id={`${baseId}-menu`}
          role="menu"
          aria-labelledby={`${baseId}-button`}
          className="menu-button__menu"
          onKeyDown={onKeyDown}
        >
          {items.map((item) => (
            <li key={item.id} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="menu-button__item"
                onClick={() => {
                  close();
                  onSelect(item.id);
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
