import { QUESTION_LIMITS } from '@questa/contracts/rules';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { nextId } from '../question-templates';
import { moveItem, removeAt, replaceAt } from './content-helpers';
import { ItemControls } from './item-controls';

/**
 * The editor of a question's options, items or pairs: each entry with its own fields, moved up
 * and down and removed with `ItemControls`, and a button that adds a blank one. The question
 * contract's limits decide when adding and removing stop.
 */
export function EditableList<Entry extends { id: string }>({
  entries,
  onChange,
  idPrefix,
  blank,
  entryName,
  addLabel,
  renderEntry,
}: {
  entries: readonly Entry[];
  onChange: (entries: Entry[]) => void;
  /** Starts the ids of new entries, e.g. `o` for options (`o1`, `o2`, …). */
  idPrefix: string;
  blank: () => Omit<Entry, 'id'>;
  /** How the controls name entry `n` (counted from 1), e.g. "Option 2". */
  entryName: (n: number) => string;
  addLabel: string;
  /** The entry's own fields; `update` replaces the entry with a changed copy. */
  renderEntry: (entry: Entry, index: number, update: (next: Entry) => void) => ReactNode;
}) {
  const list = [...entries];
  const add = () =>
    onChange([
      ...list,
      {
        ...blank(),
        id: nextId(
          list.map((entry) => entry.id),
          idPrefix,
        ),
      } as Entry,
    ]);
  return (
    <>
      <ol className="editor-list">
        {list.map((entry, index) => (
          <li key={entry.id} className="editor-list__item">
            {renderEntry(entry, index, (next) => onChange(replaceAt(list, index, next)))}
            <ItemControls
              name={entryName(index + 1)}
              index={index}
              count={list.length}
              minimum={QUESTION_LIMITS.choicesMin}
              onMove={(to) => onChange(moveItem(list, index, to))}
              onRemove={() => onChange(removeAt(list, index))}
            />
          </li>
        ))}
      </ol>
      <AddEntryButton
        label={addLabel}
        disabled={list.length >= QUESTION_LIMITS.choicesMax}
        onAdd={add}
      />
    </>
  );
}

/** The button under an editor's list that adds an entry, until the list is full. */
export function AddEntryButton({
  label,
  disabled,
  onAdd,
}: {
  label: string;
  disabled: boolean;
  onAdd: () => void;
}) {
  return (
    <div>
      <Button variant="secondary" className="button--small" disabled={disabled} onClick={onAdd}>
        {label}
      </Button>
    </div>
  );
}
