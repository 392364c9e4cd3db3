import type { QuestionContent } from '@questa/contracts';
import { QUESTION_LIMITS } from '@questa/contracts/rules';
import { useId } from 'react';
import { Field, FieldError } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import type { Issues } from '../validate-question';
import { issueText } from './issue-text';
import { EditableList } from './editable-list';
import { OptionExtras, withField } from './option-extras';

type Choice = Extract<QuestionContent, { type: 'single_choice' | 'multiple_response' }>;

/**
 * Makes option `index` the one correct option of a single choice. A credit short of 100 % on it,
 * or of 100 % on another, would contradict that, so those credits go back to the default.
 */
function onlyCorrect(options: Choice['options'], index: number): Choice['options'] {
  return options.map((option, i) => {
    const correct = i === index;
    const fits = option.credit === undefined || (option.credit === 1) === correct;
    return fits ? { ...option, correct } : withField({ ...option, correct }, 'credit', undefined);
  });
}

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
        {single ? t('editor.optionsHintSingle') : t('editor.optionsHintMultiple')}{' '}
        {t('editor.creditHint')}
      </p>
      <FieldError id={`${group}-error`} message={groupError} />
      <EditableList
        entries={options}
        onChange={set}
        idPrefix="o"
        blank={() => ({ text: '', correct: false })}
        entryName={name}
        addLabel={t('editor.addOption')}
        renderEntry={(option, index, update) => (
          <>
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
                  maxLength={QUESTION_LIMITS.textMax}
                  onChange={(event) => update({ ...option, text: event.target.value })}
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
                    single
                      ? onlyCorrect(options, index)
                      : options.map((other, i) =>
                          i === index ? { ...other, correct: event.target.checked } : other,
                        ),
                  )
                }
                // A radio button already checked sends no change; clicking it must still make
                // it the only correct option when several are marked (say, after an import).
                onClick={() => single && set(onlyCorrect(options, index))}
              />
              <span aria-hidden="true">{t('editor.correct')}</span>
            </label>
            <OptionExtras content={content} index={index} onChange={onChange} issues={issues} />
          </>
        )}
      />
    </fieldset>
  );
}
