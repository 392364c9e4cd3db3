import { useParams } from 'react-router';
import { NotFound } from '../../components/not-found';
import { PageLoading } from '../../components/ui/page-loading';
import { ProblemAlert } from '../../components/ui/problem-alert';
import { useQuestion } from '../../features/authoring/api/get-question';
import { QuestionEditor } from '../../features/authoring/editor/question-editor';
import type { TenantAccess } from '../../features/authoring/tenant-access';
import { useT } from '../../lib/i18n';
import { WithAuthorTenant } from './author-tenant';
import './page.css';

export function Component() {
  const { questionId = '' } = useParams();
  return (
    <WithAuthorTenant resource={{ kind: 'questions', id: questionId }}>
      {(access) => <LoadedEditor key={questionId} access={access} questionId={questionId} />}
    </WithAuthorTenant>
  );
}

function LoadedEditor({ access, questionId }: { access: TenantAccess; questionId: string }) {
  const t = useT();
  const question = useQuestion(access.membership.clientId, questionId);
  if (question.status === 'pending') return <PageLoading />;
  if (question.status === 'error') {
    const missing =
      question.error.code === 'not_found' || question.error.code === 'validation.failed';
    if (missing) return <NotFound />;
    return (
      <ProblemAlert
        title={t('editor.loadFailed')}
        error={question.error}
        onRetry={question.retry}
      />
    );
  }
  return <QuestionEditor access={access} initial={question.data} />;
}
