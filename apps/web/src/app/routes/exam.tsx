import { useParams } from 'react-router';
import { ExamPage } from '../../features/exams/components/exam-page';
import { AnswerEditor } from '../../features/practice/components/answer-editor';

// The exam asks its questions with the same answer widgets as practice, without grading them.
export function Component() {
  const { attemptId = '' } = useParams();
  return (
    <ExamPage
      key={attemptId}
      attemptId={attemptId}
      renderQuestion={(question) => <AnswerEditor {...question} />}
    />
  );
}
