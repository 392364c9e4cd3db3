import type { QuestionType } from '@questa/contracts';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { Button, buttonClass } from '../../../components/ui/button';
import { Badge } from '../../../components/ui/badge';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { MenuButton } from '../../../components/ui/menu-button';
import { PageTitle } from '../../../components/ui/page-title';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, type Tab } from '../../../components/ui/tabs';
import { languageName, useI18n } from '../../../lib/i18n';
import { useAddressSearch } from '../../../lib/use-address-search';
import { useBank } from '../api/get-bank';
import type { QuestionFilters as Filters } from '@questa/contracts';
import { BlueprintsPanel } from '../blueprints/blueprints-panel';
import { PassagesPanel } from '../passages/passages-panel';
import { authorPaths } from '../paths';
import { isQuestionStatus, isQuestionType, questionTypeOptions } from '../question-kinds';
import { useItemStatistics } from '../stats/api/get-item-statistics';
import { ItemStatisticsPanel } from '../stats/item-statistics-panel';
import type { TenantAccess } from '../tenant-access';
import { BankLifecycle } from './bank-lifecycle';
import { EditBankForm } from './edit-bank-form';
import { ExportMenu } from './export-menu';
import { QuestionFilters } from './question-filters';
import { QuestionList } from './question-list';
import { VisibilityBadge } from './visibility-badge';
import './authoring.css';
import './bank-page.css';

const filterNames = ['q', 'type', 'topic', 'difficulty', 'status'] as const;
type View = 'questions' | 'blueprints' | 'passages';
const otherViews: readonly View[] = ['blueprints', 'passages'];

/** Reads the filters from the address, so a reload or a shared link shows the same list. */
function readFilters(params: URLSearchParams): Filters {
  const difficulty = Number(params.get('difficulty'));
  const type = params.get('type');
  const status = params.get('status');
  return {
    q: params.get('q') || undefined,
    topic: params.get('topic') || undefined,
    type: isQuestionType(type) ? type : undefined,
    status: isQuestionStatus(status) ? status : undefined,
    difficulty: difficulty >= 1 && difficulty <= 5 ? difficulty : undefined,
  };
}

/** A bank's questions, with search and filters, and the ways to add, import and export them. */
export function BankPage({ access, bankId }: { access: TenantAccess; bankId: string }) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const { clientId } = access.membership;
  const bank = useBank(clientId, bankId);
  const [params, changeParams] = useAddressSearch();
  const filters = readFilters(params);
  const statistics = useItemStatistics(clientId, bankId);
  const [editing, setEditing] = useState(false);
  const saved = useSavedNotice();
  const view: View = otherViews.find((name) => name === params.get('view')) ?? 'questions';
  const views: Tab<View>[] = [
    { id: 'questions', label: t('questions.title') },
    { id: 'blueprints', label: t('blueprints.title') },
    { id: 'passages', label: t('passages.title') },
  ];
  const changeView = (next: View) =>
    changeParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'questions') updated.delete('view');
        else updated.set('view', next);
        return updated;
      },
      { replace: true },
    );

  // Only the filters a change names: the others stay as the address has them.
  const changeFilters = useCallback(
    (change: Partial<Filters>) =>
      changeParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const name of filterNames) {
            if (!(name in change)) continue;
            const value = change[name];
            if (value === undefined || value === '') updated.delete(name);
            else updated.set(name, String(value));
          }
          return updated;
        },
        { replace: true },
      ),
    [changeParams],
  );

  // The API answers a malformed id with validation.failed; to an author both mean "no such bank".
  const missing =
    bank.status === 'error' &&
    (bank.error.code === 'not_found' || bank.error.code === 'validation.failed');
  if (missing) return <NotFound />;

  // Nothing is created yet: the editor creates the question once the author has written it.
  const newQuestion = (type: QuestionType) =>
    navigate(authorPaths.newQuestion(clientId, bankId, type));

  return (
    <div className="page">
      <Link to={authorPaths.home()} className="page__back">
        <ArrowLeftIcon />
        {t('author.backToBanks')}
      </Link>
      {bank.status === 'pending' && (
        <div role="status" className="authoring-loading">
          <span className="visually-hidden">{t('bank.loading')}</span>
          <Skeleton height="2.5rem" width="50%" />
          <Skeleton height="1.25rem" width="70%" />
        </div>
      )}
      {bank.status === 'error' && (
        <>
          <PageTitle title={t('bank.loadFailed')} />
          <ProblemAlert title={t('bank.loadFailed')} error={bank.error} onRetry={bank.retry} />
        </>
      )}
      {bank.status === 'success' && (
        <header className="page__header">
          <PageTitle title={bank.data.title} />
          <div className="authoring-card__title">
            <h1>{bank.data.title}</h1>
            <VisibilityBadge visibility={bank.data.visibility} />
            {bank.data.archivedAt && <Badge>{t('bankLifecycle.badge')}</Badge>}
          </div>
          {editing ? (
            <EditBankForm
              bank={bank.data}
              onCancel={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                saved.show(t('bankEdit.saved'));
              }}
            />
          ) : (
            <>
              <p className="authoring-muted">
                {access.membership.clientName} · {languageName(bank.data.language, locale)} ·{' '}
                {t('catalog.questionCount', { count: bank.data.questionCount })}
              </p>
              {bank.data.description && <p className="page__intro">{bank.data.description}</p>}
              {access.canWrite && (
                <div className="authoring-actions">
                  <Button
                    variant="secondary"
                    onClick={() => {
                      saved.clear();
                      setEditing(true);
                    }}
                  >
                    {t('bankEdit.action')}
                  </Button>
                  <BankLifecycle bank={bank.data} onDone={saved.show} />
                </div>
              )}
            </>
          )}
        </header>
      )}
      <SavedNotice notice={saved} />

      <div className="authoring-actions bank-page__toolbar">
        {access.canWrite && (
          <MenuButton
            label={t('questions.new')}
            items={questionTypeOptions.map((type) => ({
              id: type,
              label: t(`questionType.${type}`),
            }))}
            onSelect={(type) => void newQuestion(type)}
          />
        )}
        {access.canWrite && (
          <Link to={authorPaths.import(clientId, bankId)} className={buttonClass('secondary')}>
            {t('import.action')}
          </Link>
        )}
        <ExportMenu clientId={clientId} bankId={bankId} />
        {access.canManageKeys && (
          <Link to={authorPaths.apiKeys(clientId)} className="authoring-link">
            {t('apiKeys.title')}
          </Link>
        )}
      </div>

      <Tabs label={t('blueprints.bankViews')} tabs={views} selected={view} onSelect={changeView}>
        {view === 'questions' ? (
          <section className="bank-page__questions" aria-labelledby="bank-questions">
            <h2 id="bank-questions">{t('questions.title')}</h2>
            <ItemStatisticsPanel statistics={statistics} />
            <QuestionFilters filters={filters} onChange={changeFilters} />
            <QuestionList
              clientId={clientId}
              bankId={bankId}
              filters={filters}
              statistics={statistics.data}
              access={access}
            />
          </section>
        ) : view === 'blueprints' ? (
          <BlueprintsPanel clientId={clientId} bankId={bankId} canWrite={access.canWrite} />
        ) : (
          <PassagesPanel clientId={clientId} bankId={bankId} canWrite={access.canWrite} />
        )}
      </Tabs>
    </div>
  );
}
