import type { QuestionContent } from '@questa/contracts';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, FieldError } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import { nextId } from '../question-templates';
import type { Issues } from '../validate-question';
import { moveItem, removeAt, replaceAt } from './content-helpers';
import { issueText } from './issue-text';
import { ItemControls } from './item-controls';

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
      <ol className="editor-list">
        {items.map((item, index) => (
          <li key={item.id} className="editor-list__item">
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
                  maxLength={1000}
                  onChange={(event) =>
                    set(replaceAt(items, index, { ...item, text: event.target.value }))
                  }
                />
              )}
            </Field>
            <ItemControls
              name={name(index + 1)}
              index={index}
              count={items.length}
              minimum={2}
              onMove={(to) => set(moveItem(items, index, to))}
              onRemove={() => set(removeAt(items, index))}
            />
          </li>
        ))}
      </ol>
      <div>
        <Button
          variant="secondary"
          className="button--small"
          disabled={items.length >= 10}
          onClick={() =>
            set([
              ...items,
              {
                id: nextId(
                  items.map((item) => item.id),
                  'i',
                ),
                text: '',
              },
            ])
          }
        >
          {t('editor.addItem')}
        </Button>
      </div>
    </fieldset>
  );
}
