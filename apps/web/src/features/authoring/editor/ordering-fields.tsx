import type { QuestionContent } from '@questa/contracts';
import { QUESTION_LIMITS } from '@questa/contracts/rules';
import { useId } from 'react';
import { Field, FieldError } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import type { Issues } from '../validate-question';
import { issueText } from './issue-text';
import { EditableList } from './editable-list';

type Ordering = Extract<QuestionContent, { type: 'ordering' }>;

export function OrderingFields({
  content,
  onChange,
  issues,
}: {
  content: Ordering;
  onChange: (content: Ordering) => void;
  issues: Issues;
}) {
  const t = useT();
  const errorId = useId();
  const { items } = content;
  const set = (next: Ordering['items']) => onChange({ ...content, items: next });
  const groupError = issueText(t, issues.items);
  const name = (n: number) => t('editor.item', { n });
  return (
    <fieldset className="fieldset" aria-describedby={groupError ? errorId : undefined}>
      <legend>{t('editor.items')}</legend>
      <p className="field__hint">{t('editor.itemsHint')}</p>
      <FieldError id={errorId} message={groupError} />
      <EditableList
        entries={items}
        onChange={set}
        idPrefix="i"
        blank={() => ({ text: '' })}
        entryName={name}
        addLabel={t('editor.addItem')}
        renderEntry={(item, index, update) => (
          <Field
            label={name(index + 1)}
            error={issueText(t, issues[`items.${index}.text`])}
            className="editor-list__main"
          >
            {(control) => (
              <input
                {...control}
                className="input"
                value={item.text}
                maxLength={QUESTION_LIMITS.textMax}
                onChange={(event) => update({ ...item, text: event.target.value })}
              />
            )}
          </Field>
        )}
      />
    </fieldset>
  );
}
