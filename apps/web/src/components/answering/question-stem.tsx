import type { LearnerQuestion } from '@questa/contracts';
import { useMemo } from 'react';
import { blankNumbers } from './cloze-blanks';
import { RichText } from './rich-text';

/** The question's text, Markdown and math included; cloze blanks show the number of their field. */
export function QuestionStem({ question, id }: { question: LearnerQuestion; id?: string }) {
  const blanks = useMemo(
    () => (question.type === 'cloze' ? blankNumbers(question) : undefined),
    [question],
  );
  return (
    <div id={id} className="practice-stem">
      <RichText source={question.stem} blanks={blanks} />
    </div>
  );
}
