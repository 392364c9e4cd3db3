import { useParams } from 'react-router';
import { ExamReviewPage } from '../../features/exams/components/exam-review-page';

export function Component() {
  const { attemptId = '' } = useParams();
  return <ExamReviewPage key={attemptId} attemptId={attemptId} />;
}
