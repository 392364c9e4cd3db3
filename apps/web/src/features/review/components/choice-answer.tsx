import type { AnswerFeedback, LearnerQuestion } from '@questa/contracts';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import type { AnswerDraft } from '../answer-draft';
import { Markdown } from './markdown';
import { PartMark } from './part-mark';

type ChoiceQuestion = Extract<LearnerQuestion, { type: 'single_choice' | 'multiple_response' }>;
type ChoiceDraft = Extract<AnswerDraft, { type: 'single_choice' | 'multiple_response' }>;

/**
 * Options as radio buttons (one answer) or checkboxes (several), numbered for the number keys.
 * After grading each option says whether it was right and whether it was chosen.
 */
export function ChoiceAnswer({
  question,
  draft,
  onChange,
  feedback,
  legend,
}: {
  question: ChoiceQuestion;
  draft: ChoiceDraft;
  onChange: (draft: ChoiceDraft) => void;
  feedback: AnswerFeedback | null;
  legend: string;
}) {
  const t = useT();
  const name = useId();
  const graded = feedback?.type === draft.type ? feedback.options : null;

  const isChosen = (id: string) =>
    draft.type === 'single_choice' ? draft.optionId === id : draft.optionIds.includes(id);
  const choose = (id: string, checked: boolean) => {
    if (draft.type === 'single_choice') onChange({ ...draft, optionId: id });
    else
      onChange({
        ...draft,
        optionIds: question.options
          .map((option) => option.id)
          .filter((optionId) => (optionId === id ? checked : draft.optionIds.includes(optionId))),
      });
  };

  return (
    <fieldset className="fieldset answer-options">
      <legend>
        {legend}
        {draft.type === 'multiple_response' && (
          <span className="answer-hint"> {t('review.answer.chooseAll')}</span>
        )}
      </legend>
      {question.options.map((option, index) => {
        const mark = graded?.find((entry) => entry.optionId === option.id);
        return (
          <label
            key={option.id}
            className="answer-option"
            data-chosen={isChosen(option.id) || undefined}
          >
            <input
              type={draft.type === 'single_choice' ? 'radio' : 'checkbox'}
              name={name}
              checked={isChosen(option.id)}
              disabled={feedback !== null}
              onChange={(event) => choose(option.id, event.target.checked)}
            />
            <span className="answer-option__key" aria-hidden="true">
              {index < 9 ? index + 1 : ''}
            </span>
            <Markdown inline source={option.text} />
            {mark && (mark.correct || mark.chosen) && (
              <PartMark correct={mark.correct}>
                {mark.correct
                  ? mark.chosen
                    ? t('review.mark.correctChosen')
                    : t('review.mark.correctMissed')
                  : t('review.mark.wrongChosen')}
              </PartMark>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}

type TrueFalseDraft = Extract<AnswerDraft, { type: 'true_false' }>;

export function TrueFalseAnswer({
  draft,
  onChange,
  feedback,
  legend,
}: {
  draft: TrueFalseDraft;
  onChange: (draft: TrueFalseDraft) => void;
  feedback: AnswerFeedback | null;
  legend: string;
}) {
  const t = useT();
  const name = useId();
  const graded = feedback?.type === 'true_false' ? feedback : null;
  const choices = [
    { value: true, label: t('review.answer.true') },
    { value: false, label: t('review.answer.false') },
  ];
  return (
    <fieldset className="fieldset answer-options">
      <legend>{legend}</legend>
      {choices.map((choice, index) => {
        const chosen = draft.value === choice.value;
        const expected = graded?.expected === choice.value;
        return (
          <label
            key={String(choice.value)}
            className="answer-option"
            data-chosen={chosen || undefined}
          >
            <input
              type="radio"
              name={name}
              checked={chosen}
              disabled={feedback !== null}
              onChange={() => onChange({ ...draft, value: choice.value })}
            />
            <span className="answer-option__key" aria-hidden="true">
              {index + 1}
            </span>
            <span>{choice.label}</span>
            {graded && (expected || chosen) && (
              <PartMark correct={expected}>
                {expected
                  ? chosen
                    ? t('review.mark.correctChosen')
                    : t('review.mark.correctMissed')
                  : t('review.mark.wrongChosen')}
              </PartMark>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
