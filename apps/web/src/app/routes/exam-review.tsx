import { useParams } from 'react-router';
import { ExamReviewPage } from '../../features/exams/components/exam-review-page';
import { GradedAnswer } from '../../features/practice/components/graded-answer';

// A reviewed exam question reads like a graded practice answer: marked, with the solution.
export function Component() {
  const { attemptId = '' } = useParams();
  return (
    <ExamReviewPage
      key={attemptId}
      attemptId={attemptId}
      renderAnswer={(item) => (
        <GradedAnswer
          question={item.question}
          answer={item.answer}
          feedback={item.feedback}
          correctAnswer={item.correctAnswer}
          explanation={item.explanation}
        />
      )}
    />
  );
}
