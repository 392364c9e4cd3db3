import type { QuestionContent } from '@questa/contracts';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';

type TrueFalse = Extract<QuestionContent, { type: 'true_false' }>;

export function TrueFalseFields({
  content,
  onChange,
}: {
  content: TrueFalse;
  onChange: (content: TrueFalse) => void;
}) {
  const t = useT();
  const name = useId();
  return (
    <fieldset className="fieldset">
      <legend>{t('editor.correctAnswer')}</legend>
      <div className="editor-inline">
        {[true, false].map((answer) => (
          <label key={String(answer)} className="check">
            <input
              type="radio"
              name={name}
              checked={content.answer === answer}
              onChange={() => onChange({ ...content, answer })}
            />
            {answer ? t('editor.true') : t('editor.false')}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
