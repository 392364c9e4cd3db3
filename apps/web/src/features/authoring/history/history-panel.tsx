import type { QuestionVersion } from '@questa/contracts';
import { authorKind } from '@questa/contracts/rules';
import { useId, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table } from '../../../components/ui/table';
import { formatDateTime, useI18n } from '../../../lib/i18n';
import { usePeople } from '../api/list-people';
import { useVersions } from '../api/list-versions';
import { StatusBadge } from '../components/status-badge';
import { diffContent, type FieldChange } from '../diff';
import { fieldLabel, fieldValue } from './field-label';
import './history.css';

/** Every version of a question, and what changed between any two of them. */
export function HistoryPanel({
  clientId,
  questionId,
  revision,
}: {
  clientId: string;
  questionId: string;
  /** The question's revision: a newer one means the list of versions may have grown. */
  revision: number;
}) {
  const { t, locale } = useI18n();
  const versions = useVersions(clientId, questionId, revision);
  // Only people have names to look up; API keys, other services and the demo content say what
  // they are.
  const authorIds = versions.data?.versions.map((v) => v.authorId) ?? [];
  const people = usePeople(
    clientId,
    authorIds.filter((id) => authorKind(id) === 'person'),
  );
  const authorName = (authorId: string) => {
    const kind = authorKind(authorId);
    if (kind !== 'person') return t(`history.author.${kind}`);
    // Authors who left the tenant or deleted their account are not named any more.
    if (people.status === 'success') return people.data.get(authorId) ?? t('history.formerMember');
    return people.status === 'error' ? t('history.authorUnavailable') : '…';
  };

  if (versions.status === 'pending') {
    return (
      <div role="status" className="authoring-loading">
        <span className="visually-hidden">{t('history.loading')}</span>
        <Skeleton height="2.5rem" />
        <Skeleton height="2.5rem" />
      </div>
    );
  }
  if (versions.status === 'error') {
    return (
      <ProblemAlert
        title={t('history.loadFailed')}
        error={versions.error}
        onRetry={versions.retry}
      />
    );
  }
  const list = [...versions.data.versions].sort((a, b) => b.version - a.version);
  return (
    <div className="history">
      <Table caption={t('history.versions')}>
        <thead>
          <tr>
            <th scope="col">{t('history.version')}</th>
            <th scope="col">{t('questions.status')}</th>
            <th scope="col">{t('history.author')}</th>
            <th scope="col">{t('history.date')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((version) => (
            <tr key={version.version}>
              <th scope="row">{t('editor.version', { version: version.version })}</th>
              <td>
                <StatusBadge status={version.status} />
              </td>
              <td aria-busy={people.status === 'pending'}>{authorName(version.authorId)}</td>
              <td className="table__nowrap">
                <time dateTime={version.createdAt}>
                  {formatDateTime(version.createdAt, locale)}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {list.length < 2 ? (
        <EmptyState title={t('history.onlyOne')} />
      ) : (
        <VersionComparison versions={list} />
      )}
    </div>
  );
}

function VersionComparison({ versions }: { versions: readonly QuestionVersion[] }) {
  const { t } = useI18n();
  const headingId = useId();
  const newest = versions[0]?.version ?? 1;
  const [from, setFrom] = useState(versions[1]?.version ?? newest);
  const [to, setTo] = useState(newest);
  const before = versions.find((version) => version.version === from);
  const after = versions.find((version) => version.version === to);
  const changes = useMemo(
    () => (before && after ? diffContent(before.content, after.content) : []),
    [before, after],
  );

  const picker = (label: string, value: number, onChange: (version: number) => void) => (
    <Field label={label}>
      {(control) => (
        <select
          {...control}
          className="input"
          value={value}
          onChange={(event) => onChange(Number(event.target.value))}
        >
          {versions.map((version) => (
            <option key={version.version} value={version.version}>
              {t('editor.version', { version: version.version })}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <section className="history__compare" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('history.compare')}</h2>
      <div className="history__pickers">
        {picker(t('history.from'), from, setFrom)}
        {picker(t('history.to'), to, setTo)}
      </div>
      {changes.length === 0 ? (
        <p className="authoring-muted">{t('history.same')}</p>
      ) : (
        <dl className="history__changes" aria-label={t('history.changes', { from, to })}>
          {changes.map((change) => (
            <ChangeRow key={change.path} change={change} />
          ))}
        </dl>
      )}
    </section>
  );
}

function ChangeRow({ change }: { change: FieldChange }) {
  const { t } = useI18n();
  return (
    <div className="history__change">
      <dt>{fieldLabel(t, change.path)}</dt>
      <dd>
        {change.words ? (
          <p className="history__words">
            {change.words.map((part, index) =>
              part.kind === 'added' ? (
                <ins key={index}>{part.text}</ins>
              ) : part.kind === 'removed' ? (
                <del key={index}>{part.text}</del>
              ) : (
                <span key={index}>{part.text}</span>
              ),
            )}
          </p>
        ) : (
          <p className="history__values">
            <del>{fieldValue(t, change.path, change.before)}</del>
            <span aria-hidden="true"> → </span>
            <span className="visually-hidden"> {t('history.becomes')} </span>
            <ins>{fieldValue(t, change.path, change.after)}</ins>
          </p>
        )}
      </dd>
    </div>
  );
}
