import { useParams } from 'react-router';
import { ExamPage } from '../../features/exams/components/exam-page';

export function Component() {
  const { attemptId = '' } = useParams();
  return <ExamPage key={attemptId} attemptId={attemptId} />;
}
