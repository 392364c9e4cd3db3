import type { QuestionContent } from '@questa/contracts';
import { Field } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import type { Issues } from '../validate-question';
import { issueText } from './issue-text';
import { setAlternatives, type Alternative } from './answer-credits';
import { removeAt, replaceAt } from './content-helpers';
import { CreditSelect } from './credit-select';
import { AddEntryButton } from './editable-list';
import { ItemControls } from './item-controls';
import { NumberInput } from './number-input';
import { QUESTION_LIMITS } from '@questa/contracts/rules';

type Numeric = Extract<QuestionContent, { type: 'numeric' }>;

export function NumericFields({
  content,
  onChange,
  issues,
}: {
  content: Numeric;
  onChange: (content: Numeric) => void;
  issues: Issues;
}) {
  return (
    <>
      <NumericKey content={content} onChange={onChange} issues={issues} />
      <AlternativesField content={content} onChange={onChange} issues={issues} />
    </>
  );
}

function NumericKey({
  content,
  onChange,
  issues,
}: {
  content: Numeric;
  onChange: (content: Numeric) => void;
  issues: Issues;
}) {
  const t = useT();
  return (
    <div className="editor-grid">
      <Field label={t('editor.value')} error={issueText(t, issues.value)}>
        {(control) => (
          <NumberInput
            {...control}
            value={content.value}
            onValueChange={(value) => onChange({ ...content, value })}
          />
        )}
      </Field>
      <Field
        label={t('editor.tolerance')}
        hint={t('editor.toleranceHint')}
        error={issueText(t, issues.tolerance)}
      >
        {(control) => (
          <NumberInput
            {...control}
            value={content.tolerance}
            onValueChange={(tolerance) => onChange({ ...content, tolerance })}
          />
        )}
      </Field>
      <UnitField content={content} onChange={onChange} error={issues.unit} />
    </div>
  );
}

/**
 * More numbers accepted, each within its own tolerance and for a credit (Moodle's numerical
 * answers after the first): a near miss can earn part of the marks.
 */
function AlternativesField({
  content,
  onChange,
  issues,
}: {
  content: Numeric;
  onChange: (content: Numeric) => void;
  issues: Issues;
}) {
  const t = useT();
  const alternatives = content.alternatives ?? [];
  const update = (index: number, next: Alternative) =>
    onChange(setAlternatives(content, replaceAt(alternatives, index, next)));
  return (
    <fieldset className="fieldset">
      <legend>{t('editor.otherAnswers')}</legend>
      <p className="field__hint">{t('editor.otherAnswersHint')}</p>
      <ol className="editor-list">
        {alternatives.map((a, index) => {
          const n = index + 1;
          const at = `alternatives.${index}`;
          return (
            // Numbers have no ids; the position identifies them while editing.
            <li key={index} className="editor-list__item">
              <Field
                label={t('editor.otherValue', { n })}
                error={issueText(t, issues[`${at}.value`])}
                className="editor-list__number"
              >
                {(control) => (
                  <NumberInput
                    {...control}
                    value={a.value}
                    onValueChange={(value) => update(index, { ...a, value })}
                  />
                )}
              </Field>
              <Field
                label={t('editor.otherTolerance', { n })}
                error={issueText(t, issues[`${at}.tolerance`])}
                className="editor-list__number"
              >
                {(control) => (
                  <NumberInput
                    {...control}
                    value={a.tolerance}
                    onValueChange={(tolerance) => update(index, { ...a, tolerance })}
                  />
                )}
              </Field>
              <CreditSelect
                label={t('editor.otherCredit', { n })}
                credit={a.credit}
                error={issues[`${at}.credit`]}
                onChange={(credit) => update(index, { ...a, credit })}
              />
              <ItemControls
                name={t('editor.otherAnswer', { n })}
                index={index}
                count={alternatives.length}
                minimum={0}
                onRemove={() => onChange(setAlternatives(content, removeAt(alternatives, index)))}
              />
            </li>
          );
        })}
      </ol>
      <AddEntryButton
        label={t('editor.addOtherAnswer')}
        disabled={alternatives.length >= QUESTION_LIMITS.acceptedMax - 1}
        onAdd={() =>
          onChange(
            // NaN reads as an empty field, as for a new question's value; 100 % until lowered.
            setAlternatives(content, [
              ...alternatives,
              { value: Number.NaN, tolerance: 0, credit: 1 },
            ]),
          )
        }
      />
    </fieldset>
  );
}

/** The unit an answer is given in, optional: cleared, the field leaves the content. */
export function UnitField<Content extends { unit?: string | undefined }>({
  content,
  onChange,
  error,
}: {
  content: Content;
  onChange: (content: Content) => void;
  error: Issues[string] | undefined;
}) {
  const t = useT();
  return (
    <Field label={t('editor.unit')} error={issueText(t, error)}>
      {(control) => (
        <input
          {...control}
          className="input"
          value={content.unit ?? ''}
          maxLength={QUESTION_LIMITS.unitMax}
          onChange={(event) => {
            const { unit: _unit, ...rest } = content;
            onChange(
              (event.target.value ? { ...rest, unit: event.target.value } : rest) as Content,
            );
          }}
        />
      )}
    </Field>
  );
}
