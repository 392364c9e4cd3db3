import type { PromotionCode } from '@questa/contracts';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Table } from '../../../components/ui/table';
import { formatDate, useI18n } from '../../../lib/i18n';
import { usePromotionCodes } from '../api/list-promotion-codes';
import { useWithdrawPromotionCode } from '../api/withdraw-promotion-code';
import { discountLabel } from '../billing-format';
import { LoadingRows } from './loading-rows';
import { PromotionCodeForm } from './promotion-code-form';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';

/** Promotion codes, newest first: create one, or withdraw one that is still active. */
export function PromotionCodesPanel() {
  const { t, locale } = useI18n();
  const id = useId();
  const codes = usePromotionCodes();
  const withdraw = useWithdrawPromotionCode();
  const [creating, setCreating] = useState(false);
  const [withdrawing, setWithdrawing] = useState<PromotionCode>();
  const saved = useSavedNotice();

  const closeWithdraw = () => {
    setWithdrawing(undefined);
    withdraw.reset();
  };

  if (codes.status === 'pending') return <LoadingRows label={t('admin.codes.loading')} />;
  if (codes.status === 'error') {
    return (
      <ProblemAlert title={t('admin.codes.loadFailed')} error={codes.error} onRetry={codes.retry} />
    );
  }
  const list = codes.data.promotionCodes;

  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <div className="billing-heading">
        <h2 id={`${id}-title`}>{t('admin.tab.promotionCodes')}</h2>
        {!creating && (
          <Button
            onClick={() => {
              saved.clear();
              setCreating(true);
            }}
          >
            {t('admin.codes.new')}
          </Button>
        )}
      </div>
      <SavedNotice notice={saved} />
      {creating && (
        <PromotionCodeForm
          onCancel={() => setCreating(false)}
          onCreated={(code) => {
            setCreating(false);
            saved.show(t('admin.codes.created', { code: code.code }));
          }}
        />
      )}
      {list.length === 0 ? (
        <EmptyState title={t('admin.codes.empty')}>
          <p>{t('admin.codes.emptyBody')}</p>
        </EmptyState>
      ) : (
        <Table caption={t('admin.tab.promotionCodes')} captionHidden>
          <thead>
            <tr>
              <th scope="col">{t('admin.codes.code')}</th>
              <th scope="col">{t('admin.codes.discount')}</th>
              <th scope="col">{t('admin.codes.limits')}</th>
              <th scope="col">{t('admin.codes.state')}</th>
              <th scope="col">{t('admin.codes.createdAt')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((code) => (
              <tr key={code.id}>
                <th scope="row">
                  {/* The action sits with the code, so it stays in view on a narrow screen. */}
                  <div className="billing-row-head">
                    <span className="table__mono">{code.code}</span>
                    {code.active && (
                      <Button
                        variant="secondary"
                        className="button--small"
                        aria-label={t('admin.codes.withdrawNamed', { code: code.code })}
                        onClick={() => {
                          saved.clear();
                          withdraw.reset();
                          setWithdrawing(code);
                        }}
                      >
                        {t('admin.codes.withdraw')}
                      </Button>
                    )}
                  </div>
                </th>
                <td>{discountLabel(t, locale, code)}</td>
                <td className="table__nowrap">
                  <span className="billing-money-line">
                    {code.maxRedemptions === null
                      ? t('admin.codes.unlimited')
                      : t('admin.codes.maxTimes', { count: code.maxRedemptions })}
                  </span>
                  <span className="billing-money-line">
                    {code.expiresAt === null
                      ? t('admin.codes.noExpiry')
                      : t('admin.codes.expires', { date: formatDate(code.expiresAt, locale) })}
                  </span>
                </td>
                <td>
                  {code.active ? (
                    <Badge tone="success">{t('admin.codes.active')}</Badge>
                  ) : (
                    <Badge>{t('admin.codes.withdrawn')}</Badge>
                  )}
                </td>
                <td className="table__nowrap">{formatDate(code.createdAt, locale)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog
        open={withdrawing !== undefined}
        title={t('admin.codes.confirmWithdraw', { code: withdrawing?.code ?? '' })}
        confirmLabel={t('admin.codes.withdraw')}
        busy={withdraw.status === 'pending'}
        error={withdraw.error}
        onCancel={closeWithdraw}
        onConfirm={async () => {
          if (!withdrawing) return;
          const outcome = await withdraw.mutate(withdrawing.id);
          if (!outcome.ok) return;
          closeWithdraw();
          saved.show(t('admin.codes.withdrawnSaved', { code: outcome.data.code }));
        }}
      >
        <p>{t('admin.codes.confirmWithdrawBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
