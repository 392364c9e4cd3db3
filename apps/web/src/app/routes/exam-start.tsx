import { useParams } from 'react-router';
import { useSession } from '../../features/auth/api/get-session';
import { sessionFeatures } from '../../features/auth/premium-features';
import { ExamStartPage } from '../../features/exams/components/exam-start-page';

export function Component() {
  const { bankId = '', blueprintId = '' } = useParams();
  const session = useSession();
  const mayTakeExams = session.data ? sessionFeatures(session.data).exams : false;
  return (
    <ExamStartPage
      key={`${bankId}/${blueprintId}`}
      bankId={bankId}
      blueprintId={blueprintId}
      mayTakeExams={mayTakeExams}
    />
  );
}
