import type { AnswerInput, LearnerQuestion } from '@questa/contracts';
import { useId, useState } from 'react';
import { Button } from '../ui/button';
import { useT } from '../../lib/i18n';
import { draftFromAnswer, toAnswer, type AnswerDraft } from './answer-draft';
import { AnswerFields } from './answer-fields';
import type { ChangeKind } from './field-common';
import { QuestionStem } from './question-stem';

/**
 * A question with its answer form that reports every change that makes a complete answer, for pages
 * that save as the learner goes (an exam) instead of grading on Submit. It starts from `answer`
 * and keeps its own draft: remount it (a `key`) to start over from another answer.
 */
export function AnswerEditor({
  question,
  answer,
  onAnswer,
  readOnly = false,
}: {
  question: LearnerQuestion;
  answer: AnswerInput | null;
  onAnswer: (answer: AnswerInput, kind: ChangeKind) => void;
  readOnly?: boolean;
}) {
  const t = useT();
  const stemId = useId();
  const [draft, setDraft] = useState<AnswerDraft>(() => draftFromAnswer(question, answer));
  const [given, setGiven] = useState(answer !== null);
  const change = (next: AnswerDraft, kind: ChangeKind) => {
    setDraft(next);
    const complete = toAnswer(next);
    if (!complete) return;
    setGiven(true);
    onAnswer(complete, kind);
  };
  return (
    <div className="practice-editor">
      <QuestionStem question={question} id={stemId} />
      <AnswerFields
        question={question}
        draft={draft}
        onChange={change}
        readOnly={readOnly}
        describedBy={stemId}
      />
      {/* Items start shuffled; a learner who agrees with that order still has to say so. */}
      {draft.type === 'ordering' && !given && !readOnly && (
        <div>
          <Button
            variant="secondary"
            className="button--small"
            onClick={() => change(draft, 'choose')}
          >
            {t('answering.keepOrder')}
          </Button>
        </div>
      )}
    </div>
  );
}
