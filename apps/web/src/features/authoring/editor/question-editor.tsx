import type { QuestionDetail } from '@questa/contracts';
import type { PublishRefusal } from '@questa/contracts/rules';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Tabs } from '../../../components/ui/tabs';
import { useT, type Translate } from '../../../lib/i18n';
import { usePublishing } from '../api/get-publishing';
import type { QuestionAction } from '../api/transition-question';
import { StatusBadge } from '../components/status-badge';
import { HistoryPanel } from '../history/history-panel';
import { authorPaths } from '../paths';
import type { TenantAccess } from '../tenant-access';
import { ConflictNotice } from './conflict-notice';
import { EditorForm } from './editor-form';
import { SaveStatusText } from './save-status';
import { useQuestionDraft } from './use-question-draft';
import { workflowActions } from './workflow';
import '../components/authoring.css';
import './editor.css';

type View = 'edit' | 'history';

/**
 * The question editor: fields for every type beside a live preview, saved as the author types,
 * with the workflow steps the author's role allows and the question's history.
 */
export function QuestionEditor({
  access,
  initial,
}: {
  access: TenantAccess;
  initial: QuestionDetail;
}) {
  const t = useT();
  const { clientId } = access.membership;
  const draft = useQuestionDraft({ clientId, initial, canWrite: access.canWrite });
  const { detail, content, issues } = draft;
  const [view, setView] = useState<View>('edit');
  const [confirmingRetire, setConfirmingRetire] = useState(false);
  const [done, setDone] = useState<QuestionAction>();
  const status = detail.current.status;
  const publishing = usePublishing(clientId);
  // Until the rule is known, nothing is offered as refused; the server decides either way.
  const actions =
    publishing.status === 'pending'
      ? []
      : workflowActions({ status, publishedVersion: detail.publishedVersion }, access, {
          secondPerson: publishing.data?.secondPerson ?? false,
          wroteVersion: detail.current.authorId === access.userSub,
        });
  const refusals = actions.filter((offer) => offer.refusal !== null);
  const reasonId = useId();
  const busy = draft.status === 'saving' || draft.action !== undefined;

  const take = async (action: QuestionAction) => {
    setDone(undefined);
    if (await draft.transition(action)) setDone(action);
  };

  return (
    <div className="page editor-page">
      <PageTitle title={t('editor.title')} />
      <Link to={authorPaths.bank(clientId, detail.bankId)} className="page__back">
        <ArrowLeftIcon />
        {t('editor.back')}
      </Link>

      <header className="editor-header">
        <div className="editor-header__title">
          <h1>{t('editor.title')}</h1>
          <div className="editor-header__meta">
            <Badge>{t(`questionType.${content.type}`)}</Badge>
            <StatusBadge status={status} />
            <span>{t('editor.version', { version: detail.currentVersion })}</span>
            {detail.publishedVersion !== null &&
              detail.publishedVersion !== detail.currentVersion && (
                <span>{t('editor.publishedVersion', { version: detail.publishedVersion })}</span>
              )}
          </div>
        </div>
        <div className="editor-header__actions">
          <SaveStatusText status={draft.status} autosave={draft.autosave} />
          {access.canWrite && (
            <Button
              variant={draft.autosave ? 'secondary' : 'primary'}
              disabled={busy || draft.status === 'conflict' || !draft.dirty}
              onClick={draft.saveNow}
              aria-keyshortcuts="Control+S Meta+S"
            >
              {status === 'published' || status === 'retired'
                ? t('editor.saveAsDraft')
                : t('editor.save')}
            </Button>
          )}
          {actions.map(({ action, refusal }) =>
            refusal ? (
              // Focusable though refused, so keyboard and screen-reader users meet the reason.
              <Button
                key={action}
                variant="secondary"
                aria-disabled="true"
                aria-describedby={`${reasonId}-${action}`}
                className="button--refused"
              >
                {t(`workflow.${action}`)}
              </Button>
            ) : (
              <Button
                key={action}
                variant={action === 'retire' ? 'danger' : 'primary'}
                disabled={busy || draft.status === 'conflict' || (draft.dirty && !draft.valid)}
                // Retiring takes a published question away from learners, so it asks first.
                onClick={() =>
                  action === 'retire' ? setConfirmingRetire(true) : void take(action)
                }
              >
                {t(`workflow.${action}`)}
              </Button>
            ),
          )}
        </div>
      </header>
      {refusals.length > 0 && (
        <div className="editor-refusals">
          {refusals.map(({ action, refusal }) => (
            <p key={action} id={`${reasonId}-${action}`}>
              {refusalText(t, action, refusal, access.membership.clientName)}
            </p>
          ))}
        </div>
      )}

      <p className="editor-step-done" role="status">
        {done && t(`workflow.done.${done}`)}
      </p>
      {draft.restored && draft.status !== 'conflict' && (
        <div className="authoring-notice" role="status">
          <p>{t('editor.restored')}</p>
          <Button variant="secondary" className="button--small" onClick={draft.discardLocal}>
            {t('editor.discardRestored')}
          </Button>
        </div>
      )}
      {draft.status === 'conflict' && (
        <ConflictNotice onReload={draft.reloadTheirs} onKeepMine={draft.keepMine} />
      )}
      {draft.status === 'failed' && draft.error && (
        <ProblemAlert title={t('editor.saveFailed')} error={draft.error} onRetry={draft.saveNow} />
      )}
      {draft.actionError && <ProblemAlert title={t('workflow.failed')} error={draft.actionError} />}
      {!access.canWrite && (
        <p className="authoring-notice" role="note">
          {t('editor.readOnly')}
        </p>
      )}
      {access.canWrite && status !== 'draft' && (
        <p className="authoring-notice" role="note">
          {status === 'in_review'
            ? t('editor.inReviewNote')
            : status === 'published'
              ? t('editor.newDraftNote')
              : t('editor.retiredNote')}
        </p>
      )}

      <Tabs
        label={t('editor.views')}
        tabs={[
          { id: 'edit', label: t('editor.tab.edit') },
          { id: 'history', label: t('editor.tab.history') },
        ]}
        selected={view}
        onSelect={setView}
      >
        {view === 'edit' ? (
          <EditorForm
            clientId={clientId}
            content={content}
            onChange={draft.update}
            issues={issues}
            canWrite={access.canWrite}
            onSubmit={draft.saveNow}
          />
        ) : (
          <HistoryPanel clientId={clientId} questionId={detail.id} revision={detail.revision} />
        )}
      </Tabs>
      <ConfirmDialog
        open={confirmingRetire}
        title={t('workflow.confirmRetire')}
        confirmLabel={t('workflow.retire')}
        busy={draft.action === 'retire'}
        onCancel={() => setConfirmingRetire(false)}
        onConfirm={async () => {
          await take('retire');
          setConfirmingRetire(false);
        }}
      >
        <p>{t('workflow.confirmRetireBody')}</p>
      </ConfirmDialog>
    </div>
  );
}

/** Why an action is refused and who can take it instead, in the tenant's own name. */
function refusalText(
  t: Translate,
  action: QuestionAction,
  refusal: PublishRefusal | null,
  tenant: string,
): string {
  const rule = t('workflow.refused.rule', { tenant });
  if (refusal === 'own_version') return `${t('workflow.refused.ownVersion', { tenant })} ${rule}`;
  const which =
    action === 'retire' ? 'workflow.refused.retireRole' : 'workflow.refused.publishRole';
  return `${t(which, { tenant })} ${rule}`;
}
