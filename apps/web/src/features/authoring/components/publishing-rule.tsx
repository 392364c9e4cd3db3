import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useChoosePublishing } from '../api/choose-publishing';
import { usePublishing } from '../api/get-publishing';
import type { TenantAccess } from '../tenant-access';

/**
 * Whether the tenant's publishing needs a second person's review: said to every member, so
 * authors know why they may or may not publish, and chosen by the owner (off at first).
 */
export function PublishingRule({ access }: { access: TenantAccess }) {
  const t = useT();
  const headingId = useId();
  const { clientId } = access.membership;
  const rule = usePublishing(clientId);
  const choose = useChoosePublishing();
  const [picked, setPicked] = useState<boolean>();
  const [saved, setSaved] = useState(false);

  if (rule.status === 'pending') {
    return (
      <div aria-busy="true">
        <Skeleton height="2.5rem" />
      </div>
    );
  }
  if (rule.status === 'error') {
    return (
      <ProblemAlert title={t('publishing.loadFailed')} error={rule.error} onRetry={rule.retry} />
    );
  }
  const { secondPerson, publishers } = rule.data;
  const current = picked ?? secondPerson;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const outcome = await choose.mutate(clientId, current);
    if (outcome.ok) {
      setPicked(undefined);
      setSaved(true);
    }
  };

  return (
    <section className="publishing-rule" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('publishing.title')}</h3>
      <p>
        {secondPerson ? t('publishing.needsSecond') : t('publishing.direct')}{' '}
        {t('publishing.chosenNote')}
      </p>
      {secondPerson && publishers < 2 && <p role="note">{t('publishing.noSecondYet')}</p>}
      {access.canManageMembers && (
        <form onSubmit={(event) => void submit(event)}>
          <div className="publishing-rule__choices">
            <label>
              <input
                type="checkbox"
                checked={current}
                onChange={(event) => {
                  setSaved(false);
                  setPicked(event.target.checked);
                }}
              />
              {t('publishing.choice')}
            </label>
          </div>
          <div className="publishing-rule__actions">
            <Button
              type="submit"
              variant="secondary"
              disabled={choose.status === 'pending' || current === secondPerson}
            >
              {t('publishing.save')}
            </Button>
            <p role="status">{saved && t('publishing.saved')}</p>
          </div>
          {choose.status === 'error' && (
            <ProblemAlert title={t('publishing.saveFailed')} error={choose.error} />
          )}
        </form>
      )}
    </section>
  );
}
