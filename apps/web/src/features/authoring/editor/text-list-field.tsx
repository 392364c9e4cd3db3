import { useId, type ReactNode } from 'react';
import { Field, FieldError } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import type { Issues } from '../validate-question';
import { removeAt, replaceAt } from './content-helpers';
import { issueText } from './issue-text';
import { AddEntryButton } from './editable-list';
import { ItemControls } from './item-controls';
import { QUESTION_LIMITS } from '@questa/contracts/rules';

/** A list of short texts, such as accepted answers: one input each, add and remove. */
export function TextListField({
  legend,
  itemLabel,
  addLabel,
  values,
  onChange,
  issues,
  path,
  min,
  max,
  extra,
  onRemove,
}: {
  legend: string;
  itemLabel: (n: number) => string;
  addLabel: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  issues: Issues;
  /** Where these values are in the content, e.g. `accepted`. */
  path: string;
  min: number;
  max: number;
  /** More fields of one entry, beside its text (an accepted answer's credit). */
  extra?: (index: number) => ReactNode;
  /** Removes an entry when the caller keeps more than the texts in step with them. */
  onRemove?: (index: number) => void;
}) {
  const t = useT();
  const errorId = useId();
  const groupError = issueText(t, issues[path]);
  return (
    <fieldset className="fieldset" aria-describedby={groupError ? errorId : undefined}>
      <legend>{legend}</legend>
      <FieldError id={errorId} message={groupError} />
      <ol className="editor-list">
        {values.map((value, index) => (
          // Texts have no ids; the position is what identifies them while editing.
          <li key={index} className="editor-list__item">
            <Field
              label={itemLabel(index + 1)}
              error={issueText(t, issues[`${path}.${index}`])}
              className="editor-list__main"
            >
              {(control) => (
                <input
                  {...control}
                  className="input"
                  value={value}
                  maxLength={QUESTION_LIMITS.textMax}
                  onChange={(event) => onChange(replaceAt(values, index, event.target.value))}
                />
              )}
            </Field>
            {extra?.(index)}
            <ItemControls
              name={itemLabel(index + 1)}
              index={index}
              count={values.length}
              minimum={min}
              onRemove={() => (onRemove ? onRemove(index) : onChange(removeAt(values, index)))}
            />
          </li>
        ))}
      </ol>
      <AddEntryButton
        label={addLabel}
        disabled={values.length >= max}
        onAdd={() => onChange([...values, ''])}
      />
    </fieldset>
  );
}
