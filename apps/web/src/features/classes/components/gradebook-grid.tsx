import { decodeGradebookCell } from '@questa/contracts/rules';
import type { Gradebook, GradebookCellTuple } from '@questa/contracts';
import {
  memo,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useI18n, type Translate } from '../../../lib/i18n';
import { useRowWindow } from './use-row-window';

type Learner = Gradebook['learners'][number];
type Column = Gradebook['assignments'][number];
/** A cell of the grid: `row` 0 is the header row, `column` 0 the learners' names. */
interface Position {
  row: number;
  column: number;
}

/** Matches `--gradebook-row` in classes.css until a drawn row has been measured. */
const ROW_HEIGHT_ESTIMATE = 60;

const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

function CellContent({ tuple, live }: { tuple: GradebookCellTuple | null; live: boolean }) {
  const { t } = useI18n();
  // A live room happened once: whoever did not answer in it did not do it.
  if (tuple === null)
    return <span>{live ? t('gradebook.notDone') : t('gradebook.notStarted')}</span>;
  const cell = decodeGradebookCell(tuple);
  return (
    <>
      <span>
        {cell.state !== 'completed' || cell.score === null
          ? t('gradebook.inProgress')
          : t('gradebook.percent', { percent: Math.round(cell.score * 100) })}
      </span>
      {cell.state === 'completed' && cell.late && (
        <>
          {' '}
          <Badge tone="danger">{t('gradebook.late')}</Badge>
        </>
      )}
      {cell.timeSpentSeconds > 0 && (
        <span className="gradebook__time">
          {t('gradebook.minutes', { count: minutes(cell.timeSpentSeconds) })}
        </span>
      )}
    </>
  );
}

/**
 * Scrolls the least that shows the whole cell beside the sticky header and names, which the
 * browser's own scrolling into view would leave it under.
 */
function keepInView(scroller: HTMLElement, cell: HTMLElement) {
  const box = scroller.getBoundingClientRect();
  const rect = cell.getBoundingClientRect();
  const header = scroller.querySelector('thead')?.getBoundingClientRect().height ?? 0;
  const names = scroller.querySelector('thead th')?.getBoundingClientRect().width ?? 0;
  const top = box.top + header;
  const bottom = box.top + scroller.clientHeight;
  const left = box.left + names;
  const right = box.left + scroller.clientWidth;
  // The header row and the names' column are always in view along the side they stick to.
  if (!cell.closest('thead')) {
    if (rect.top < top) scroller.scrollTop -= top - rect.top;
    else if (rect.bottom > bottom) scroller.scrollTop += rect.bottom - bottom;
  }
  if (cell.dataset.column === '0') return;
  if (rect.left < left) scroller.scrollLeft -= left - rect.left;
  else if (rect.right > right) scroller.scrollLeft += rect.right - right;
}

/** The tab stop of the grid is the active cell; a name's cell passes it to its button. */
const tabIndexAt = (active: number, column: number) => (active === column ? 0 : -1);

const LearnerRow = memo(function LearnerRow({
  learner,
  row,
  columns,
  activeColumn,
  onOpen,
  t,
}: {
  learner: Learner;
  row: number;
  columns: readonly Column[];
  /** The active cell's column when it is in this row, else -1. */
  activeColumn: number;
  onOpen: (learner: Learner) => void;
  t: Translate;
}) {
  return (
    <tr aria-rowindex={row + 1} data-row={row}>
      <th scope="row" data-column={0}>
        <Button
          variant="ghost"
          className="gradebook__name"
          tabIndex={tabIndexAt(activeColumn, 0)}
          onClick={() => onOpen(learner)}
          aria-label={t('gradebook.historyOf', { name: learner.displayName })}
          title={learner.displayName}
        >
          {learner.displayName}
        </Button>
      </th>
      {learner.cells.map((tuple, index) => (
        <td
          role="gridcell"
          key={columns[index]!.id}
          data-column={index + 1}
          data-state={tuple === null ? 'none' : tuple[0] === 1 ? 'completed' : 'in_progress'}
          tabIndex={tabIndexAt(activeColumn, index + 1)}
        >
          <CellContent tuple={tuple} live={columns[index]!.kind === 'live'} />
        </td>
      ))}
    </tr>
  );
});

function Spacer({ rows, height, columns }: { rows: number; height: number; columns: number }) {
  return (
    <tr aria-hidden="true" className="gradebook__spacer">
      <td colSpan={columns} style={{ height: rows * height }} />
    </tr>
  );
}

/**
 * The gradebook as an ARIA grid that draws only the rows in view (decision 0036): it tells
 * assistive technology how many rows and columns there are and where each drawn row sits, and
 * moves between cells with the arrow keys, Home, End, Page Up and Page Down (with Ctrl, Home and
 * End go to the first and last learner). The learners' names and the header stay in view.
 */
export function GradebookGrid({
  book,
  caption,
  onOpen,
}: {
  book: Gradebook;
  caption: string;
  onOpen: (learner: Learner) => void;
}) {
  const { t } = useI18n();
  const captionId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const [rowHeight, setRowHeight] = useState(ROW_HEIGHT_ESTIMATE);
  const [chosen, setActive] = useState<Position>({ row: 0, column: 0 });
  /** Set by a key press, so the next drawing moves focus to the active cell. */
  const moved = useRef(false);
  const { learners, assignments } = book;
  const columnCount = assignments.length + 1;
  // Within the grid should a refreshed gradebook have fewer learners or assignments.
  const active = {
    row: Math.min(chosen.row, learners.length),
    column: Math.min(chosen.column, columnCount - 1),
  };
  const range = useRowWindow(scroller, learners.length, rowHeight);

  // Rows are of one height by style; measured once drawn, so zoom and font size are honoured.
  useLayoutEffect(() => {
    const drawn = scroller.current?.querySelector('tbody tr[aria-rowindex]');
    const height = drawn?.getBoundingClientRect().height ?? 0;
    if (height > 0 && Math.abs(height - rowHeight) > 0.5) setRowHeight(height);
  }, [range, rowHeight]);

  useLayoutEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    const cell = scroller.current?.querySelector<HTMLElement>(
      `[data-row="${active.row}"] [data-column="${active.column}"]`,
    );
    const target = cell?.querySelector<HTMLElement>('button') ?? cell;
    target?.focus({ preventScroll: true });
    if (cell && scroller.current) keepInView(scroller.current, cell);
  }, [active.row, active.column]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const pageRows = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 0) / rowHeight) - 1);
    const lastRow = learners.length;
    const lastColumn = columnCount - 1;
    const { row, column } = active;
    const next: Record<string, Position | undefined> = {
      ArrowUp: { row: Math.max(0, row - 1), column },
      ArrowDown: { row: Math.min(lastRow, row + 1), column },
      ArrowLeft: { row, column: Math.max(0, column - 1) },
      ArrowRight: { row, column: Math.min(lastColumn, column + 1) },
      Home: event.ctrlKey ? { row: 0, column: 0 } : { row, column: 0 },
      End: event.ctrlKey ? { row: lastRow, column: lastColumn } : { row, column: lastColumn },
      PageUp: { row: Math.max(0, row - pageRows), column },
      PageDown: { row: Math.min(lastRow, row + pageRows), column },
    };
    const to = next[event.key];
    if (!to) return;
    event.preventDefault();
    moved.current = true;
    setActive(to);
  };

  // A click or Tab into a cell makes it the active one.
  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-column]');
    const row = cell?.closest<HTMLElement>('[data-row]');
    if (!cell || !row) return;
    const position = { row: Number(row.dataset.row), column: Number(cell.dataset.column) };
    if (position.row !== active.row || position.column !== active.column) setActive(position);
  };

  const open = useCallback((learner: Learner) => onOpen(learner), [onOpen]);

  // The window's rows, and the active one wherever it is, so focus never falls out of the grid.
  const drawn = new Set<number>();
  for (let index = range.start; index < range.end; index++) drawn.add(index);
  if (active.row > 0) drawn.add(active.row - 1);
  const body: ReactNode[] = [];
  let next = 0;
  for (const index of [...drawn].sort((a, b) => a - b)) {
    if (index > next) {
      body.push(
        <Spacer key={`gap-${next}`} rows={index - next} height={rowHeight} columns={columnCount} />,
      );
    }
    const learner = learners[index]!;
    body.push(
      <LearnerRow
        key={learner.userId}
        learner={learner}
        row={index + 1}
        columns={assignments}
        activeColumn={active.row === index + 1 ? active.column : -1}
        onOpen={open}
        t={t}
      />,
    );
    next = index + 1;
  }
  if (next < learners.length) {
    body.push(
      <Spacer
        key={`gap-${next}`}
        rows={learners.length - next}
        height={rowHeight}
        columns={columnCount}
      />,
    );
  }

  const headerTab = (column: number) => (active.row === 0 ? tabIndexAt(active.column, column) : -1);
  return (
    <div
      ref={scroller}
      className="table-scroll gradebook__scroll"
      style={{ '--gradebook-columns': assignments.length } as CSSProperties}
    >
      <table
        role="grid"
        className="table gradebook__table"
        aria-labelledby={captionId}
        aria-rowcount={learners.length + 1}
        aria-colcount={columnCount}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <colgroup>
          <col className="gradebook__name-column" />
          {assignments.map((assignment) => (
            <col key={assignment.id} className="gradebook__column" />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1} data-row={0}>
            <th scope="col" data-column={0} tabIndex={headerTab(0)}>
              {t('classes.learner')}
            </th>
            {assignments.map((assignment, index) => (
              <th
                scope="col"
                key={assignment.id}
                data-column={index + 1}
                tabIndex={headerTab(index + 1)}
              >
                {assignment.title}
                {assignment.kind === 'live' && (
                  <>
                    {' '}
                    <Badge tone="info">{t('gradebook.live')}</Badge>
                  </>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}
