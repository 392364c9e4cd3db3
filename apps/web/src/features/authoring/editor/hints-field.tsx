import type { QuestionContent } from '@questa/contracts';
import { QUESTION_LIMITS } from '@questa/contracts/rules';
import { useT } from '../../../lib/i18n';
import type { Issues } from '../validate-question';
import { TextListField } from './text-list-field';

/**
 * The hints a learner may open one by one before answering. An empty list is left out of the
 * content, so a question without hints stays exactly as it was stored.
 */
export function HintsField({
  content,
  onChange,
  issues,
}: {
  content: QuestionContent;
  onChange: (content: QuestionContent) => void;
  issues: Issues;
}) {
  const t = useT();
  const set = (hints: string[]) => {
    const next = { ...content };
    if (hints.length === 0) delete next.hints;
    else next.hints = hints;
    onChange(next);
  };
  return (
    <div className="editor-hints">
      <TextListField
        legend={t('editor.hints')}
        itemLabel={(n) => t('editor.hint', { n })}
        addLabel={t('editor.addHint')}
        values={content.hints ?? []}
        onChange={set}
        issues={issues}
        path="hints"
        min={0}
        max={QUESTION_LIMITS.hintsMax}
      />
      <p className="field__hint">{t('editor.hintsHint')}</p>
    </div>
  );
}
