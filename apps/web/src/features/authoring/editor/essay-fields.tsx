import type { QuestionContent } from '@questa/contracts';
import { ESSAY_LIMITS } from '@questa/contracts/rules';
import { Field } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import type { Issues } from '../validate-question';
import { issueText } from './issue-text';
import { NumberInput } from './number-input';

type Essay = Extract<QuestionContent, { type: 'essay' }>;

/**
 * What graders and learners compare an essay with: the rubric and a model answer (Markdown), and
 * word limits the learner sees under their answer box. An empty limit is none.
 */
export function EssayFields({
  content,
  onChange,
  issues,
}: {
  content: Essay;
  onChange: (content: Essay) => void;
  issues: Issues;
}) {
  const t = useT();
  const limit = (key: 'minWords' | 'maxWords', value: number) => {
    const { [key]: _old, ...rest } = content;
    onChange(Number.isNaN(value) ? rest : { ...rest, [key]: value });
  };
  return (
    <div className="editor-grid">
      <Field
        label={t('editor.essay.rubric')}
        hint={t('editor.essay.rubricHint')}
        error={issueText(t, issues.rubric)}
      >
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={5}
            maxLength={ESSAY_LIMITS.rubricMax}
            value={content.rubric}
            onChange={(event) => onChange({ ...content, rubric: event.target.value })}
          />
        )}
      </Field>
      <Field
        label={t('editor.essay.modelAnswer')}
        hint={t('editor.essay.modelAnswerHint')}
        error={issueText(t, issues.modelAnswer)}
      >
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={6}
            maxLength={ESSAY_LIMITS.modelAnswerMax}
            value={content.modelAnswer}
            onChange={(event) => onChange({ ...content, modelAnswer: event.target.value })}
          />
        )}
      </Field>
      <Field label={t('editor.essay.minWords')} error={issueText(t, issues.minWords)}>
        {(control) => (
          <NumberInput
            {...control}
            value={content.minWords ?? Number.NaN}
            onValueChange={(value) => limit('minWords', value)}
          />
        )}
      </Field>
      <Field label={t('editor.essay.maxWords')} error={issueText(t, issues.maxWords)}>
        {(control) => (
          <NumberInput
            {...control}
            value={content.maxWords ?? Number.NaN}
            onValueChange={(value) => limit('maxWords', value)}
          />
        )}
      </Field>
    </div>
  );
}
