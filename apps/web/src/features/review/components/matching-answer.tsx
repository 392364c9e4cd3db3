import type { AnswerFeedback, LearnerQuestion } from '@questa/contracts';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import type { AnswerDraft } from '../answer-draft';
import { Markdown } from './markdown';
import { PartMark } from './part-mark';

type MatchingQuestion = Extract<LearnerQuestion, { type: 'matching' }>;
type MatchingDraft = Extract<AnswerDraft, { type: 'matching' }>;

/** Each prompt with a list of every answer to choose its match from. */
export function MatchingAnswer({
  question,
  draft,
  onChange,
  feedback,
  legend,
}: {
  question: MatchingQuestion;
  draft: MatchingDraft;
  onChange: (draft: MatchingDraft) => void;
  feedback: AnswerFeedback | null;
  legend: string;
}) {
  const t = useT();
  const id = useId();
  const graded = feedback?.type === 'matching' ? feedback.pairs : null;
  // Two prompts may share an answer text; each text is offered once.
  const answers = [...new Set(question.answers)];

  return (
    <fieldset className="fieldset answer-pairs">
      <legend>{legend}</legend>
      {question.prompts.map((prompt, index) => {
        const mark = graded?.find((pair) => pair.pairId === prompt.id);
        return (
          <div key={prompt.id} className="answer-pairs__row">
            <label htmlFor={`${id}-${index}`}>
              <Markdown inline source={prompt.prompt} />
            </label>
            <select
              id={`${id}-${index}`}
              className="input"
              value={draft.answers[prompt.id] ?? ''}
              disabled={feedback !== null}
              onChange={(event) =>
                onChange({
                  ...draft,
                  answers: { ...draft.answers, [prompt.id]: event.target.value },
                })
              }
            >
              <option value="">{t('review.answer.choose')}</option>
              {answers.map((answer) => (
                <option key={answer} value={answer}>
                  {answer}
                </option>
              ))}
            </select>
            {mark && (
              <PartMark correct={mark.correct}>
                {mark.correct
                  ? t('review.mark.right')
                  : t('review.mark.shouldBe', { answer: mark.expected })}
              </PartMark>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
