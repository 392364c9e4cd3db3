import type { ReactNode } from 'react';
import './table.css';

/**
 * A data table that scrolls sideways inside its own focusable region on a narrow screen, instead of
 * widening the page. `caption` names both the table and the region.
 */
export function Table({
  caption,
  captionHidden = false,
  stackOnNarrow = false,
  className,
  children,
}: {
  caption: string;
  captionHidden?: boolean;
  /**
   * On a narrow screen, show each row as a card of its cells, each cell headed by its column's
   * `data-label`, so no column is off screen. For tables too wide to scroll through on a phone.
   */
  stackOnNarrow?: boolean;
  /** Added to the table's own class, for a layout of the table's own on narrow screens. */
  className?: string;
  children: ReactNode;
}) {
  const classes = ['table', stackOnNarrow && 'table--stacked', className].filter(Boolean);
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className={classes.join(' ')}>
        <caption className={captionHidden ? 'visually-hidden' : 'table__caption'}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
