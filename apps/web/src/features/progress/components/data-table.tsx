import type { ReactNode } from 'react';
import { Table } from '../../../components/ui/table';
import '../../../components/ui/disclosure.css';

/** A chart's numbers as a table, folded away under `summary` until asked for. */
export function ChartTable({
  summary,
  caption,
  children,
}: {
  summary: string;
  caption: string;
  children: ReactNode;
}) {
  return (
    <details className="disclosure chart-table">
      <summary>{summary}</summary>
      <Table caption={caption} captionHidden>
        {children}
      </Table>
    </details>
  );
}
