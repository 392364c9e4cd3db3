import type { QuestionList } from '@questa/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useQuery } from '../../../lib/use-query';
import { bankKey, questionDbRequest } from '../api/question-db';
import { StatusBadge } from '../components/status-badge';
import { authorPaths } from '../paths';
import { useChangeAttachment } from './api/attach-question';
import { useDeletePassage } from './api/delete-passage';
import { usePassage } from './api/get-passage';
import { useSavePassage } from './api/save-passage';
import { PassageForm } from './passage-form';

/** The bank's newest questions, to pick one to attach (a page of the most recent hundred). */
function useBankQuestions(clientId: string, bankId: string) {
  return useQuery(`${bankKey(clientId, bankId)}/questions?for=passages`, () =>
    questionDbRequest<QuestionList>(
      clientId,
      `/questions?${new URLSearchParams({ bankId, limit: '100' })}`,
    ),
  );
}

/**
 * One passage: its text with a preview, the questions that refer to it in the order learners meet
 * them, and the ways to attach, detach and delete.
 */
export function PassageEditor({
  clientId,
  bankId,
  passageId,
  canWrite,
  onClose,
}: {
  clientId: string;
  bankId: string;
  passageId: string;
  canWrite: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const passage = usePassage(clientId, bankId, passageId);
  const questions = useBankQuestions(clientId, bankId);
  const save = useSavePassage();
  const attachment = useChangeAttachment();
  const remove = useDeletePassage();
  const [picked, setPicked] = useState('');
  const [deleting, setDeleting] = useState(false);

  if (passage.status === 'pending') return <Skeleton height="12rem" />;
  if (passage.status === 'error') {
    return (
      <ProblemAlert
        title={t('passages.loadFailed')}
        error={passage.error}
        onRetry={passage.retry}
      />
    );
  }
  const detail = passage.data;
  const inPassage = new Set(detail.questions.map((q) => q.id));
  const candidates =
    questions.status === 'success'
      ? questions.data.questions.filter((q) => !inPassage.has(q.id))
      : [];

  return (
    <section className="panel passage-editor" aria-labelledby={headingId}>
      <div className="authoring-card__header">
        <h3 id={headingId}>{detail.content.title}</h3>
        <Button variant="secondary" onClick={onClose}>
          {t('passages.close')}
        </Button>
      </div>
      <p className="authoring-muted">{t('passages.version', { version: detail.currentVersion })}</p>
      {canWrite ? (
        <PassageForm
          key={detail.revision}
          initial={detail.content}
          submitLabel={t('passages.save')}
          busy={save.status === 'pending'}
          error={save.error}
          onSubmit={(content) => void save.mutate(clientId, bankId, detail, content)}
        />
      ) : null}

      <h4>{t('passages.questions')}</h4>
      {detail.questions.length === 0 ? (
        <p className="authoring-muted">{t('passages.noQuestions')}</p>
      ) : (
        <ol className="passage-editor__questions">
          {detail.questions.map((question) => (
            <li key={question.id}>
              <Link to={authorPaths.question(clientId, question.id)}>
                {question.excerpt || t('passages.untitled')}
              </Link>{' '}
              <StatusBadge status={question.status} />
              {canWrite && (
                <Button
                  variant="secondary"
                  disabled={attachment.status === 'pending'}
                  aria-label={t('passages.detachNamed', { question: question.excerpt })}
                  onClick={() =>
                    void attachment.mutate(clientId, bankId, detail.id, question.id, false)
                  }
                >
                  {t('passages.detach')}
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
      {canWrite && (
        <form
          className="passage-editor__attach"
          onSubmit={(event) => {
            event.preventDefault();
            if (!picked) return;
            void attachment
              .mutate(clientId, bankId, detail.id, picked, true)
              .then((outcome) => outcome.ok && setPicked(''));
          }}
        >
          <label htmlFor={`${headingId}-attach`}>{t('passages.attachLabel')}</label>
          <select
            id={`${headingId}-attach`}
            value={picked}
            onChange={(event) => setPicked(event.target.value)}
          >
            <option value="">{t('passages.attachChoose')}</option>
            {candidates.map((question) => (
              <option key={question.id} value={question.id}>
                {question.excerpt.slice(0, 80)}
              </option>
            ))}
          </select>
          <Button type="submit" disabled={!picked || attachment.status === 'pending'}>
            {t('passages.attach')}
          </Button>
        </form>
      )}
      {attachment.status === 'error' && (
        <ProblemAlert title={t('passages.attachFailed')} error={attachment.error} />
      )}
      {canWrite && (
        <div className="authoring-actions">
          <Button variant="danger" onClick={() => setDeleting(true)}>
            {t('passages.delete')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={deleting}
        title={t('passages.deleteTitle', { title: detail.content.title })}
        confirmLabel={t('passages.delete')}
        busy={remove.status === 'pending'}
        error={remove.error}
        onCancel={() => {
          setDeleting(false);
          remove.reset();
        }}
        onConfirm={() =>
          void remove.mutate(clientId, bankId, detail.id).then((outcome) => {
            if (!outcome.ok) return;
            setDeleting(false);
            onClose();
          })
        }
      >
        <p>{t('passages.deleteText')}</p>
      </ConfirmDialog>
    </section>
  );
}
