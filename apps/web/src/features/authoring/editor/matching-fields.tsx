import type { QuestionContent } from '@questa/contracts';
import { QUESTION_LIMITS } from '@questa/contracts/rules';
import { useId } from 'react';
import { Field, FieldError } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import type { Issues } from '../validate-question';
import { issueText } from './issue-text';
import { EditableList } from './editable-list';

type Matching = Extract<QuestionContent, { type: 'matching' }>;

export function MatchingFields({
  content,
  onChange,
  issues,
}: {
  content: Matching;
  onChange: (content: Matching) => void;
  issues: Issues;
}) {
  const t = useT();
  const errorId = useId();
  const { pairs } = content;
  const set = (next: Matching['pairs']) => onChange({ ...content, pairs: next });
  const groupError = issueText(t, issues.pairs);
  return (
    <fieldset className="fieldset" aria-describedby={groupError ? errorId : undefined}>
      <legend>{t('editor.pairs')}</legend>
      <p className="field__hint">{t('editor.pairsHint')}</p>
      <FieldError id={errorId} message={groupError} />
      <EditableList
        entries={pairs}
        onChange={set}
        idPrefix="p"
        blank={() => ({ prompt: '', answer: '' })}
        entryName={(n) => t('editor.pair', { n })}
        addLabel={t('editor.addPair')}
        renderEntry={(pair, index, update) => (
          <div className="editor-list__main editor-pair">
            {(['prompt', 'answer'] as const).map((side) => (
              <Field
                key={side}
                label={t(side === 'prompt' ? 'editor.prompt' : 'editor.match', { n: index + 1 })}
                error={issueText(t, issues[`pairs.${index}.${side}`])}
              >
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    value={pair[side]}
                    maxLength={QUESTION_LIMITS.textMax}
                    onChange={(event) => update({ ...pair, [side]: event.target.value })}
                  />
                )}
              </Field>
            ))}
          </div>
        )}
      />
    </fieldset>
  );
}
