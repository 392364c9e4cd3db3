import type { QuestionContent } from '@questa/contracts';
import { Field } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import type { Issues } from '../validate-question';
import { removeAnswer, setAcceptedTexts, setAnswerCredit } from './answer-credits';
import { CreditSelect } from './credit-select';
import { TextListField } from './text-list-field';
import { QUESTION_LIMITS } from '@questa/contracts/rules';

type ShortText = Extract<QuestionContent, { type: 'short_text' }>;

export function ShortTextFields({
  content,
  onChange,
  issues,
}: {
  content: ShortText;
  onChange: (content: ShortText) => void;
  issues: Issues;
}) {
  const t = useT();
  return (
    <>
      <TextListField
        legend={t('editor.acceptedAnswers')}
        itemLabel={(n) => t('editor.acceptedAnswer', { n })}
        addLabel={t('editor.addAcceptedAnswer')}
        values={content.accepted}
        onChange={(accepted) => onChange(setAcceptedTexts(content, accepted))}
        onRemove={(index) => onChange(removeAnswer(content, index))}
        extra={(index) => (
          <CreditSelect
            label={t('editor.answerCredit', { n: index + 1 })}
            credit={content.credits?.[index] ?? 1}
            error={issues[`credits.${index}`]}
            onChange={(credit) => onChange(setAnswerCredit(content, index, credit))}
          />
        )}
        issues={issues}
        path="accepted"
        min={QUESTION_LIMITS.acceptedMin}
        max={QUESTION_LIMITS.acceptedMax}
      />
      <p className="field__hint">{t('editor.answerCreditHint')}</p>
      <div className="editor-inline">
        <label className="check">
          <input
            type="checkbox"
            checked={content.caseSensitive}
            onChange={(event) => onChange({ ...content, caseSensitive: event.target.checked })}
          />
          {t('editor.caseSensitive')}
        </label>
        <Field label={t('editor.whitespace')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={content.whitespace}
              onChange={(event) =>
                onChange({
                  ...content,
                  whitespace: event.target.value === 'exact' ? 'exact' : 'collapse',
                })
              }
            >
              <option value="collapse">{t('editor.whitespace.collapse')}</option>
              <option value="exact">{t('editor.whitespace.exact')}</option>
            </select>
          )}
        </Field>
      </div>
    </>
  );
}
