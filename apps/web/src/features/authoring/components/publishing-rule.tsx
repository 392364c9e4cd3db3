import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useChoosePublishing } from '../api/choose-publishing';
import { usePublishing } from '../api/get-publishing';
import type { TenantAccess } from '../tenant-access';

const choices = ['default', 'on', 'off'] as const;
type Choice = (typeof choices)[number];
const toChoice = (chosen: boolean | null): Choice =>
  chosen === null ? 'default' : chosen ? 'on' : 'off';
const fromChoice = (choice: Choice): boolean | null =>
  choice === 'default' ? null : choice === 'on';

/**
 * Whether the tenant's publishing needs a second person: said to every member, so authors know
 * why they may or may not publish, and chosen by the owner.
 */
export function PublishingRule({ access }: { access: TenantAccess }) {
  const t = useT();
  const headingId = useId();
  const { clientId } = access.membership;
  const rule = usePublishing(clientId);
  const choose = useChoosePublishing();
  const [picked, setPicked] = useState<Choice>();
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
  const { secondPerson, chosen, publishers } = rule.data;
  const current = picked ?? toChoice(chosen);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const outcome = await choose.mutate(clientId, fromChoice(current));
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
        {chosen === null
          ? t('publishing.defaultNote', { count: publishers })
          : t('publishing.chosenNote')}
      </p>
      {access.canManageMembers && (
        <form onSubmit={(event) => void submit(event)}>
          <fieldset className="publishing-rule__choices">
            <legend>{t('publishing.choice')}</legend>
            {choices.map((choice) => (
              <label key={choice}>
                <input
                  type="radio"
                  name={`${headingId}-choice`}
                  value={choice}
                  checked={current === choice}
                  onChange={() => {
                    setSaved(false);
                    setPicked(choice);
                  }}
                />
                {t(`publishing.choice.${choice}`)}
              </label>
            ))}
          </fieldset>
          <div className="publishing-rule__actions">
            <Button
              type="submit"
              variant="secondary"
              disabled={choose.status === 'pending' || current === toChoice(chosen)}
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
