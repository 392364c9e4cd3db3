import type { QuestionContent } from '@questa/contracts';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, FieldError } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import { nextId } from '../question-templates';
import type { Issues } from '../validate-question';
import { moveItem, removeAt, replaceAt } from './content-helpers';
import { issueText } from './issue-text';
import { AddEntryButton } from './editable-list';
import { ItemControls } from './item-controls';
import { TextListField } from './text-list-field';
import { QUESTION_LIMITS } from '@questa/contracts/rules';

type Cloze = Extract<QuestionContent, { type: 'cloze' }>;
type Blank = Cloze['blanks'][number];

const marker = (blank: Pick<Blank, 'id'>) => `{{${blank.id}}}`;

/** Turns a blank into the other kind, keeping its answer. */
function switchKind(blank: Blank): Blank {
  if (blank.kind === 'text') {
    const options = blank.accepted.filter((answer) => answer.trim() !== '');
    while (options.length < 2) options.push('');
    return { id: blank.id, kind: 'choice', options, correct: 0 };
  }
  return {
    id: blank.id,
    kind: 'text',
    accepted: [blank.options[blank.correct] ?? ''],
    caseSensitive: false,
  };
}

/**
 * The blanks of a cloze question. Each is marked `{{id}}` in the question text; "Add blank" puts a
 * new marker at the cursor there.
 */
export function ClozeFields({
  content,
  onChange,
  issues,
  insertIntoStem,
}: {
  content: Cloze;
  onChange: (content: Cloze) => void;
  issues: Issues;
  /** The stem with `text` inserted at its cursor. */
  insertIntoStem: (text: string) => string;
}) {
  const t = useT();
  const errorId = useId();
  const { blanks } = content;
  const setBlank = (index: number, blank: Blank) =>
    onChange({ ...content, blanks: replaceAt(blanks, index, blank) });
  const groupError = issueText(t, issues.blanks);

  const addBlank = () => {
    const blank: Blank = {
      id: nextId(
        blanks.map((other) => other.id),
        'b',
      ),
      kind: 'text',
      accepted: [''],
      caseSensitive: false,
    };
    onChange({ ...content, stem: insertIntoStem(marker(blank)), blanks: [...blanks, blank] });
  };

  return (
    <fieldset className="fieldset" aria-describedby={groupError ? errorId : undefined}>
      <legend>{t('editor.blanks')}</legend>
      <p className="field__hint">{t('editor.blanksHint')}</p>
      <FieldError id={errorId} message={groupError} />
      <ol className="editor-list editor-list--blocks">
        {blanks.map((blank, index) => (
          <li key={blank.id} className="editor-blank">
            <BlankFields
              blank={blank}
              index={index}
              issues={issues}
              onChange={(next) => setBlank(index, next)}
              onInsert={() => onChange({ ...content, stem: insertIntoStem(marker(blank)) })}
              onRemove={() =>
                onChange({
                  ...content,
                  stem: content.stem.replaceAll(marker(blank), ''),
                  blanks: removeAt(blanks, index),
                })
              }
            />
          </li>
        ))}
      </ol>
      <AddEntryButton
        label={t('editor.addBlank')}
        disabled={blanks.length >= QUESTION_LIMITS.blanksMax}
        onAdd={addBlank}
      />
    </fieldset>
  );
}

function BlankFields({
  blank,
  index,
  issues,
  onChange,
  onInsert,
  onRemove,
}: {
  blank: Blank;
  index: number;
  issues: Issues;
  onChange: (blank: Blank) => void;
  onInsert: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  const group = useId();
  const id = marker(blank);
  const path = `blanks.${index}`;
  const missing = issueText(t, issues[path]);

  return (
    <fieldset className="fieldset">
      <legend>{t('editor.blank', { marker: id })}</legend>
      <FieldError message={missing} />
      <div className="editor-inline">
        <Button variant="secondary" className="button--small" onClick={onInsert}>
          {t('editor.insertBlank', { marker: id })}
        </Button>
        <Button variant="ghost" className="button--small" onClick={onRemove}>
          {t('editor.removeBlank', { marker: id })}
        </Button>
      </div>
      <Field label={t('editor.blankKind', { marker: id })}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={blank.kind}
            onChange={(event) => {
              if (event.target.value !== blank.kind) onChange(switchKind(blank));
            }}
          >
            <option value="text">{t('editor.blankKind.text')}</option>
            <option value="choice">{t('editor.blankKind.choice')}</option>
          </select>
        )}
      </Field>
      {blank.kind === 'text' ? (
        <>
          <TextListField
            legend={t('editor.blankAccepted', { marker: id })}
            itemLabel={(n) => t('editor.blankAcceptedAnswer', { n, marker: id })}
            addLabel={t('editor.addBlankAccepted', { marker: id })}
            values={blank.accepted}
            onChange={(accepted) => onChange({ ...blank, accepted })}
            issues={issues}
            path={`${path}.accepted`}
            min={QUESTION_LIMITS.acceptedMin}
            max={QUESTION_LIMITS.acceptedMax}
          />
          <label className="check">
            <input
              type="checkbox"
              checked={blank.caseSensitive}
              aria-label={t('editor.blankCaseSensitive', { marker: id })}
              onChange={(event) => onChange({ ...blank, caseSensitive: event.target.checked })}
            />
            <span aria-hidden="true">{t('editor.caseSensitive')}</span>
          </label>
        </>
      ) : (
        <fieldset className="fieldset">
          <legend>{t('editor.blankChoices', { marker: id })}</legend>
          <FieldError
            message={
              issueText(t, issues[`${path}.options`]) ?? issueText(t, issues[`${path}.correct`])
            }
          />
          <ol className="editor-list">
            {blank.options.map((option, optionIndex) => {
              const name = t('editor.blankChoice', { n: optionIndex + 1, marker: id });
              return (
                <li key={optionIndex} className="editor-list__item">
                  <Field
                    label={name}
                    error={issueText(t, issues[`${path}.options.${optionIndex}`])}
                    className="editor-list__main"
                  >
                    {(control) => (
                      <input
                        {...control}
                        className="input"
                        value={option}
                        maxLength={QUESTION_LIMITS.textMax}
                        onChange={(event) =>
                          onChange({
                            ...blank,
                            options: replaceAt(blank.options, optionIndex, event.target.value),
                          })
                        }
                      />
                    )}
                  </Field>
                  <label className="check editor-list__correct">
                    <input
                      type="radio"
                      name={`${group}-correct`}
                      checked={blank.correct === optionIndex}
                      aria-label={t('editor.blankChoiceCorrect', {
                        n: optionIndex + 1,
                        marker: id,
                      })}
                      onChange={() => onChange({ ...blank, correct: optionIndex })}
                    />
                    <span aria-hidden="true">{t('editor.correct')}</span>
                  </label>
                  <ItemControls
                    name={name}
                    index={optionIndex}
                    count={blank.options.length}
                    minimum={QUESTION_LIMITS.choicesMin}
                    onMove={(to) =>
                      // Moves swap neighbours, so the correct choice follows its text.
                      onChange({
                        ...blank,
                        options: moveItem(blank.options, optionIndex, to),
                        correct:
                          blank.correct === optionIndex
                            ? to
                            : blank.correct === to
                              ? optionIndex
                              : blank.correct,
                      })
                    }
                    onRemove={() => {
                      const options = removeAt(blank.options, optionIndex);
                      const correct =
                        optionIndex < blank.correct
                          ? blank.correct - 1
                          : Math.min(blank.correct, options.length - 1);
                      onChange({ ...blank, options, correct });
                    }}
                  />
                </li>
              );
            })}
          </ol>
          <AddEntryButton
            label={t('editor.addBlankChoice', { marker: id })}
            disabled={blank.options.length >= QUESTION_LIMITS.choicesMax}
            onAdd={() => onChange({ ...blank, options: [...blank.options, ''] })}
          />
        </fieldset>
      )}
    </fieldset>
  );
}
