import type { ReactNode } from 'react';
import './table.css';

/**
 * A data table that scrolls sideways inside its own focusable region on a narrow screen, instead of
 * widening the page. `caption` names both the table and the region.
 */
export function Table({
  caption,
  captionHidden = false,
  className,
  children,
}: {
  caption: string;
  captionHidden?: boolean;
  /** Added to the table's own class, for a layout of the table's own on narrow screens. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className={className ? `table ${className}` : 'table'}>
        <caption className={captionHidden ? 'visually-hidden' : 'table__caption'}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
