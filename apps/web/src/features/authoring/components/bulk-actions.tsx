import type {
  QuestionBulk,
  QuestionBulkAction,
  QuestionBulkResult,
  QuestionFilters,
} from '@questa/contracts';
import { QUESTION_BULK_MAX } from '@questa/contracts/rules';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';
import { useT, type Translate } from '../../../lib/i18n';
import { useBanks } from '../api/list-banks';
import { useBulkQuestions } from '../api/bulk-questions';
import { useQuestionCount } from '../api/count-questions';
import type { QuestionSelectionState } from './use-question-selection';

/** What the signed-in author may do to many questions at once. */
export interface BulkAccess {
  canWrite: boolean;
  canPublish: boolean;
}

const actionsFor = ({ canWrite, canPublish }: BulkAccess): QuestionBulkAction[] => [
  ...(canWrite ? (['submit'] as const) : []),
  ...(canPublish ? (['publish', 'retire'] as const) : []),
  ...(canWrite ? (['move', 'delete'] as const) : []),
];

/** "5 published; 2 skipped: 1 not in review, 1 not found." */
export function outcomeMessage(t: Translate, result: QuestionBulkResult, bankTitle?: string) {
  const done = t(`bulk.done.${result.action}`, {
    count: result.done.length,
    bank: bankTitle ?? '',
  });
  if (result.skipped.length === 0) return done;
  const byReason = new Map<string, number>();
  for (const { reason } of result.skipped) byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
  const reasons = [...byReason].map(([reason, count]) =>
    byReason.size === 1
      ? t(`bulk.reason.${reason as QuestionBulkResult['skipped'][number]['reason']}`)
      : `${count} ${t(`bulk.reason.${reason as QuestionBulkResult['skipped'][number]['reason']}`)}`,
  );
  return t('bulk.outcome', {
    done,
    skipped: t('bulk.skipped', { count: result.skipped.length, reasons: reasons.join(', ') }),
  });
}

/**
 * Says how many questions the filters match. Counting asks the server, so it is mounted only
 * while "all matching" is on offer or chosen.
 */
function CountMatching({
  clientId,
  bankId,
  filters,
  onCount,
}: {
  clientId: string;
  bankId: string;
  filters: QuestionFilters;
  onCount: (count: number | undefined) => void;
}) {
  const count = useQuestionCount(clientId, bankId, filters).data?.count;
  useEffect(() => onCount(count), [count, onCount]);
  return null;
}

/**
 * Selecting a bank's questions and acting on all of them at once: the count, a "select all"
 * for the page and for everything the filters match, and each action behind a question that
 * says what it will do.
 */
export function BulkActions({
  clientId,
  bankId,
  filters,
  shown,
  hasMore,
  selection,
  access,
}: {
  clientId: string;
  bankId: string;
  filters: QuestionFilters;
  /** The ids of the questions on screen. */
  shown: readonly string[];
  hasMore: boolean;
  selection: QuestionSelectionState;
  access: BulkAccess;
}) {
  const t = useT();
  const bulk = useBulkQuestions();
  const notice = useSavedNotice();
  const [asking, setAsking] = useState<QuestionBulkAction>();
  const [target, setTarget] = useState('');
  const pageBox = useRef<HTMLInputElement>(null);
  const { selection: picked } = selection;

  const onPage = shown.filter(selection.isSelected).length;
  const allOnPage = shown.length > 0 && onPage === shown.length;
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = onPage > 0 && !allOnPage;
  }, [onPage, allOnPage]);

  const offerAll = allOnPage && hasMore;
  const [total, setTotal] = useState<number>();
  const count = picked.all ? (total ?? 0) : picked.ids.size;
  const tooMany = count > QUESTION_BULK_MAX;

  const banks = useBanks(clientId);
  const otherBanks = banks.pages
    .flatMap((page) => page.banks)
    .filter((bank) => bank.id !== bankId && !bank.archivedAt);
  const targetTitle = otherBanks.find((bank) => bank.id === target)?.title;

  const close = () => {
    setAsking(undefined);
    bulk.reset();
  };
  const run = async (action: QuestionBulkAction) => {
    const selected: Pick<QuestionBulk, 'questionIds' | 'matching'> = picked.all
      ? { matching: { ...filters } }
      : { questionIds: [...picked.ids] };
    const outcome = await bulk.mutate(clientId, bankId, {
      action,
      ...selected,
      ...(action === 'move' ? { targetBankId: target } : {}),
    });
    if (!outcome.ok) return;
    close();
    selection.clear();
    notice.show(outcomeMessage(t, outcome.data, targetTitle));
  };

  return (
    <div className="bulk-actions">
      {(offerAll || picked.all) && (
        <CountMatching clientId={clientId} bankId={bankId} filters={filters} onCount={setTotal} />
      )}
      <div className="bulk-actions__bar" role="group" aria-label={t('bulk.label')}>
        <label className="bulk-actions__check">
          <input
            ref={pageBox}
            type="checkbox"
            className="question-list__checkbox"
            checked={allOnPage}
            disabled={shown.length === 0}
            onChange={(event) => selection.setPage(shown, event.target.checked)}
          />
          {t('bulk.selectPage')}
        </label>
        <span className="bulk-actions__count">
          {picked.all ? t('bulk.allSelected', { count }) : t('bulk.selected', { count })}
        </span>
        {offerAll && !picked.all && total !== undefined && total > shown.length && (
          <Button variant="ghost" onClick={selection.selectAllMatching}>
            {t('bulk.selectAllMatching', { count: total })}
          </Button>
        )}
        {count > 0 && (
          <Button variant="ghost" onClick={selection.clear}>
            {t('bulk.clear')}
          </Button>
        )}
      </div>
      <div className="authoring-actions bulk-actions__actions">
        {actionsFor(access).map((action) => (
          <Button
            key={action}
            variant={action === 'delete' ? 'danger' : 'secondary'}
            disabled={count === 0 || tooMany}
            onClick={() => {
              notice.clear();
              setAsking(action);
            }}
          >
            {t(`bulk.action.${action}`)}
          </Button>
        ))}
      </div>
      {tooMany && (
        <p className="authoring-muted">{t('bulk.tooMany', { max: QUESTION_BULK_MAX })}</p>
      )}
      <SavedNotice notice={notice} />

      <ConfirmDialog
        open={asking !== undefined}
        title={asking ? t(`bulk.confirm.${asking}`, { count }) : ''}
        confirmLabel={asking ? t(`bulk.action.${asking}`) : ''}
        busy={bulk.status === 'pending'}
        error={bulk.error}
        onCancel={close}
        onConfirm={() => {
          if (asking && (asking !== 'move' || target)) void run(asking);
        }}
      >
        {asking && (
          <p>
            {t(
              // Someone who may also submit publishes drafts too: they pass review in one step.
              asking === 'publish' && access.canWrite
                ? 'bulk.explain.publishWithDrafts'
                : `bulk.explain.${asking}`,
            )}
          </p>
        )}
        {asking === 'move' &&
          (otherBanks.length === 0 ? (
            <p>{t('bulk.noOtherBank')}</p>
          ) : (
            <Field label={t('bulk.targetBank')}>
              {(control) => (
                <select
                  {...control}
                  className="input"
                  value={target}
                  onChange={(event) => setTarget(event.target.value)}
                >
                  <option value="">{t('bulk.chooseBank')}</option>
                  {otherBanks.map((bank) => (
                    <option key={bank.id} value={bank.id}>
                      {bank.title}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ))}
      </ConfirmDialog>
    </div>
  );
}
