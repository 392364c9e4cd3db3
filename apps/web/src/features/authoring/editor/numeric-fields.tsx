import type { QuestionContent } from '@questa/contracts';
import { Field } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import type { Issues } from '../validate-question';
import { issueText } from './issue-text';
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
