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
      <ol className="editor-list">
        {pairs.map((pair, index) => (
          <li key={pair.id} className="editor-list__item">
            <div className="editor-list__main editor-pair">
              <Field
                label={t('editor.prompt', { n: index + 1 })}
                error={issueText(t, issues[`pairs.${index}.prompt`])}
              >
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    value={pair.prompt}
                    maxLength={1000}
                    onChange={(event) =>
                      set(replaceAt(pairs, index, { ...pair, prompt: event.target.value }))
                    }
                  />
                )}
              </Field>
              <Field
                label={t('editor.match', { n: index + 1 })}
                error={issueText(t, issues[`pairs.${index}.answer`])}
              >
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    value={pair.answer}
                    maxLength={1000}
                    onChange={(event) =>
                      set(replaceAt(pairs, index, { ...pair, answer: event.target.value }))
                    }
                  />
                )}
              </Field>
            </div>
            <ItemControls
              name={t('editor.pair', { n: index + 1 })}
              index={index}
              count={pairs.length}
              minimum={2}
              onMove={(to) => set(moveItem(pairs, index, to))}
              onRemove={() => set(removeAt(pairs, index))}
            />
          </li>
        ))}
      </ol>
      <div>
        <Button
          variant="secondary"
          className="button--small"
          disabled={pairs.length >= 10}
          onClick={() =>
            set([
              ...pairs,
              {
                id: nextId(
                  pairs.map((pair) => pair.id),
                  'p',
                ),
                prompt: '',
                answer: '',
              },
            ])
          }
        >
          {t('editor.addPair')}
        </Button>
      </div>
    </fieldset>
  );
}
