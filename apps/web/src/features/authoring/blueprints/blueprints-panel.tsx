import type { Blueprint } from '@questa/contracts';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useI18n, type Translate } from '../../../lib/i18n';
import { useDeleteBlueprint } from './api/delete-blueprint';
import { useBankTopics } from './api/list-bank-topics';
import { useBlueprints } from './api/list-blueprints';
import { BlueprintForm } from './blueprint-form';
import '../../../components/ui/panel.css';
import './blueprints.css';

function describeRule(t: Translate, rule: Blueprint['rules'][number]): string {
  const { count, topic, difficulty: level } = rule;
  if (topic === undefined) {
    return level === undefined
      ? t('blueprints.ruleAny', { count })
      : t('blueprints.ruleAnyLevel', { count, level });
  }
  return level === undefined
    ? t('blueprints.ruleTopic', { count, topic })
    : t('blueprints.ruleTopicLevel', { count, topic, level });
}

function formatMinutes(seconds: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'minute',
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  }).format(seconds / 60);
}

/**
 * A bank's exam blueprints: which questions an exam draws, its time, pass mark and what learners
 * see afterwards. The built-in default can be read, not changed.
 */
export function BlueprintsPanel({
  clientId,
  bankId,
  canWrite,
}: {
  clientId: string;
  bankId: string;
  canWrite: boolean;
}) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const blueprints = useBlueprints(clientId, bankId);
  const topics = useBankTopics(clientId, bankId);
  const remove = useDeleteBlueprint();
  // `new` while creating, a blueprint's id while editing it: one form at a time.
  const [editing, setEditing] = useState<string>();
  const [deleting, setDeleting] = useState<Blueprint>();

  const closeDelete = () => {
    setDeleting(undefined);
    remove.reset();
  };

  return (
    <section className="blueprints" aria-labelledby={headingId}>
      <div className="authoring-card__header">
        <h2 id={headingId}>{t('blueprints.title')}</h2>
        {canWrite && editing !== 'new' && (
          <Button onClick={() => setEditing('new')}>{t('blueprints.new')}</Button>
        )}
      </div>
      <p className="authoring-muted">{t('blueprints.intro')}</p>
      {editing === 'new' && (
        <BlueprintForm
          clientId={clientId}
          bankId={bankId}
          topics={topics}
          onDone={() => setEditing(undefined)}
        />
      )}
      {blueprints.status === 'pending' && (
        <div role="status" className="authoring-loading">
          <span className="visually-hidden">{t('blueprints.loading')}</span>
          <Skeleton height="6rem" />
          <Skeleton height="6rem" />
        </div>
      )}
      {blueprints.status === 'error' && (
        <ProblemAlert
          title={t('blueprints.loadFailed')}
          error={blueprints.error}
          onRetry={blueprints.retry}
        />
      )}
      {blueprints.status === 'success' && (
        <ul className="blueprint-list" aria-label={t('blueprints.title')}>
          {blueprints.data.map((blueprint) =>
            editing === blueprint.id ? (
              <li key={blueprint.id}>
                <BlueprintForm
                  clientId={clientId}
                  bankId={bankId}
                  blueprint={blueprint}
                  topics={topics}
                  onDone={() => setEditing(undefined)}
                />
              </li>
            ) : (
              <li key={blueprint.id} className="panel blueprint-card">
                <div className="authoring-card__title">
                  <h3>{blueprint.title}</h3>
                  {blueprint.isDefault && <Badge tone="info">{t('blueprints.builtIn')}</Badge>}
                </div>
                <dl className="blueprint-card__facts">
                  <div>
                    <dt>{t('blueprints.fact.questions')}</dt>
                    <dd>{blueprint.questionCount}</dd>
                  </div>
                  <div>
                    <dt>{t('blueprints.fact.time')}</dt>
                    <dd>{formatMinutes(blueprint.timeLimitSeconds, locale)}</dd>
                  </div>
                  <div>
                    <dt>{t('blueprints.fact.passMark')}</dt>
                    <dd>
                      {new Intl.NumberFormat(locale, {
                        style: 'percent',
                        maximumFractionDigits: 1,
                      }).format(blueprint.passMark)}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('blueprints.fact.order')}</dt>
                    <dd>
                      {blueprint.shuffle ? t('blueprints.shuffled') : t('blueprints.inOrder')}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('blueprints.fact.review')}</dt>
                    <dd>{t(`blueprints.policy.${blueprint.reviewPolicy}`)}</dd>
                  </div>
                </dl>
                <ul
                  className="blueprint-card__rules"
                  aria-label={t('blueprints.rulesOf', { title: blueprint.title })}
                >
                  {blueprint.rules.map((rule, index) => (
                    <li key={index}>{describeRule(t, rule)}</li>
                  ))}
                </ul>
                {blueprint.isDefault ? (
                  <p className="authoring-muted">{t('blueprints.defaultNote')}</p>
                ) : (
                  canWrite && (
                    <div className="authoring-actions">
                      <Button
                        variant="secondary"
                        className="button--small"
                        aria-label={t('blueprints.editFor', { title: blueprint.title })}
                        disabled={editing !== undefined}
                        onClick={() => setEditing(blueprint.id)}
                      >
                        {t('blueprints.edit')}
                      </Button>
                      <Button
                        variant="secondary"
                        className="button--small"
                        aria-label={t('blueprints.deleteFor', { title: blueprint.title })}
                        onClick={() => setDeleting(blueprint)}
                      >
                        {t('blueprints.delete')}
                      </Button>
                    </div>
                  )
                )}
              </li>
            ),
          )}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('blueprints.confirmDelete', { title: deleting?.title ?? '' })}
        confirmLabel={t('blueprints.delete')}
        busy={remove.status === 'pending'}
        error={remove.error}
        onCancel={closeDelete}
        onConfirm={async () => {
          if (!deleting) return;
          const outcome = await remove.mutate(clientId, bankId, deleting.id);
          if (outcome.ok) closeDelete();
        }}
      >
        <p>{t('blueprints.confirmDeleteBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
