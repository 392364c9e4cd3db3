import type { AnswerFeedback, AnswerInput, LearnerQuestion } from '@questa/contracts';
import { useId } from 'react';
import { useT } from '../../lib/i18n';
import { draftFromAnswer } from './answer-draft';
import { AnswerFields } from './answer-fields';
import { AnswerSummary } from './answer-summary';
import { QuestionStem } from './question-stem';
import { RichText } from './rich-text';

/** The correct answer and the explanation, each under its own heading. */
export function Solution({
  question,
  correctAnswer,
  feedback,
  explanation,
}: {
  question: LearnerQuestion;
  correctAnswer: AnswerInput | null;
  feedback: AnswerFeedback | null;
  explanation: string | null;
}) {
  const t = useT();
  const essay = feedback?.type === 'essay' ? feedback : null;
  // An essay without a model answer has nothing to compare with but its rubric.
  const shown =
    correctAnswer?.type === 'essay' && correctAnswer.text.trim() === '' ? null : correctAnswer;
  return (
    <>
      {shown && (
        <div className="practice-solution">
          <h3 className="practice-solution__heading">
            {shown.type === 'essay'
              ? t('answering.essay.modelAnswer')
              : t('answering.correctAnswer')}
          </h3>
          <div className="practice-solution__body">
            <AnswerSummary
              question={question}
              answer={shown}
              tolerance={
                feedback?.type === 'numeric' || feedback?.type === 'calculated'
                  ? feedback.tolerance
                  : undefined
              }
            />
          </div>
        </div>
      )}
      {essay && essay.rubric.trim() !== '' && (
        <div className="practice-solution">
          <h3 className="practice-solution__heading">{t('answering.essay.rubric')}</h3>
          <RichText source={essay.rubric} />
        </div>
      )}
      {explanation && (
        <div className="practice-solution">
          <h3 className="practice-solution__heading">{t('answering.explanation')}</h3>
          <RichText source={explanation} />
        </div>
      )}
    </>
  );
}

/**
 * A question answered earlier, as a review shows it: the question, the learner's answer marked part
 * by part where the grader's feedback is known, then the correct answer and the explanation where
 * they are given.
 */
export function GradedAnswer({
  question,
  answer,
  feedback,
  correctAnswer,
  explanation,
}: {
  question: LearnerQuestion;
  answer: AnswerInput | null;
  feedback: AnswerFeedback | null;
  correctAnswer: AnswerInput | null;
  explanation: string | null;
}) {
  const t = useT();
  const stemId = useId();
  return (
    <div className="practice-graded">
      <QuestionStem question={question} id={stemId} />
      {answer ? (
        <AnswerFields
          question={question}
          draft={draftFromAnswer(question, answer)}
          onChange={() => {}}
          feedback={feedback}
          readOnly
          describedBy={stemId}
        />
      ) : (
        <p className="practice-graded__none">{t('answering.summary.noAnswer')}</p>
      )}
      <Solution
        question={question}
        correctAnswer={correctAnswer}
        feedback={feedback}
        explanation={explanation}
      />
    </div>
  );
}
