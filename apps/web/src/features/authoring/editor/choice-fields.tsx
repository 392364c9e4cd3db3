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

type Choice = Extract<QuestionContent, { type: 'single_choice' | 'multiple_response' }>;

/**
 * Options of a single-choice (one correct, radio buttons) or multiple-response (any number
 * correct, check boxes) question.
 */
export function ChoiceFields({
  content,
  onChange,
  issues,
}: {
  content: Choice;
  onChange: (content: Choice) => void;
  issues: Issues;
}) {
  const t = useT();
  const group = useId();
  const single = content.type === 'single_choice';
  const { options } = content;
  const set = (next: Choice['options']) => onChange({ ...content, options: next });
  const groupError = issueText(t, issues.options);
  const name = (n: number) => t('editor.option', { n });

  return (
    <fieldset className="fieldset" aria-describedby={groupError ? `${group}-error` : undefined}>
      <legend>{t('editor.options')}</legend>
      <p className="field__hint">
        {single ? t('editor.optionsHintSingle') : t('editor.optionsHintMultiple')}
      </p>
      <FieldError id={`${group}-error`} message={groupError} />
      <ol className="editor-list">
        {options.map((option, index) => (
          <li key={option.id} className="editor-list__item">
            <Field
              label={name(index + 1)}
              error={issueText(t, issues[`options.${index}.text`])}
              className="editor-list__main"
            >
              {(control) => (
                <input
                  {...control}
                  className="input"
                  value={option.text}
                  maxLength={1000}
                  onChange={(event) =>
                    set(replaceAt(options, index, { ...option, text: event.target.value }))
                  }
                />
              )}
            </Field>
            <label className="check editor-list__correct">
              <input
                type={single ? 'radio' : 'checkbox'}
                name={single ? `${group}-correct` : undefined}
                checked={option.correct}
                aria-label={t('editor.optionCorrect', { n: index + 1 })}
                onChange={(event) =>
                  set(
                    options.map((other, i) =>
                      single
                        ? { ...other, correct: i === index }
                        : i === index
                          ? { ...other, correct: event.target.checked }
                          : other,
                    ),
                  )
                }
                // A radio button already checked sends no change; clicking it must still make
                // it the only correct option when several are marked (say, after an import).
                onClick={() =>
                  single && set(options.map((other, i) => ({ ...other, correct: i === index })))
                }
              />
              <span aria-hidden="true">{t('editor.correct')}</span>
            </label>
            <ItemControls
              name={name(index + 1)}
              index={index}
              count={options.length}
              minimum={2}
              onMove={(to) => set(moveItem(options, index, to))}
              onRemove={() => set(removeAt(options, index))}
            />
          </li>
        ))}
      </ol>
      <div>
        <Button
          variant="secondary"
          className="button--small"
          disabled={options.length >= 10}
          onClick={() =>
            set([
              ...options,
              {
                id: nextId(
                  options.map((option) => option.id),
                  'o',
                ),
                text: '',
                correct: false,
              },
            ])
          }
        >
          {t('editor.addOption')}
        </Button>
      </div>
    </fieldset>
  );
}
