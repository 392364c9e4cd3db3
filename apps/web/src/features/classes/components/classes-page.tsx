import type { TeachingClass } from '@questa/contracts';
import { CLASS_LIMITS } from '@questa/contracts/rules';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { problemMessage } from '../../../components/ui/problem-message';
import { useT } from '../../../lib/i18n';
import { useCreateClass } from '../api/create-class';
import { useClasses } from '../api/list-classes';
import './classes.css';

/** A workspace the signed-in person teaches in. */
export interface TeachingWorkspace {
  clientId: string;
  name: string;
}

/** The path of a class's own page; the workspace rides along so its routes can be addressed. */
export const classPagePath = (clientId: string, classId: string) =>
  `/classes/${encodeURIComponent(classId)}?workspace=${encodeURIComponent(clientId)}`;

/** Every workspace the teacher runs classes in, each with its classes and a form for a new one. */
export function ClassesPage({ workspaces }: { workspaces: readonly TeachingWorkspace[] }) {
  return (
    <div className="classes">
      {workspaces.map((workspace) => (
        <WorkspaceClasses key={workspace.clientId} workspace={workspace} />
      ))}
    </div>
  );
}

function WorkspaceClasses({ workspace }: { workspace: TeachingWorkspace }) {
  const t = useT();
  const classes = useClasses(workspace.clientId);
  const headingId = `classes-${workspace.clientId}`;
  return (
    <section className="classes__workspace" aria-labelledby={headingId}>
      <h2 id={headingId}>{workspace.name}</h2>
      <CreateClassForm clientId={workspace.clientId} />
      {classes.status === 'pending' && (
        <div aria-busy="true">
          <p role="status" className="visually-hidden">
            {t('classes.loading')}
          </p>
          <Skeleton height="4rem" />
        </div>
      )}
      {classes.status === 'error' && (
        <ProblemAlert
          title={t('classes.loadFailed')}
          error={classes.error}
          onRetry={classes.retry}
        />
      )}
      {classes.status === 'success' &&
        (classes.data.length === 0 ? (
          <EmptyState title={t('classes.emptyTitle')}>
            <p>{t('classes.emptyBody')}</p>
          </EmptyState>
        ) : (
          <ul className="classes__list">
            {classes.data.map((item) => (
              <ClassEntry key={item.id} item={item} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function ClassEntry({ item }: { item: TeachingClass }) {
  const t = useT();
  return (
    <li className="classes__item">
      <Link to={classPagePath(item.clientId, item.id)} className="classes__name">
        {item.name}
      </Link>
      {item.archivedAt !== null && <Badge>{t('classes.archived')}</Badge>}
      <span className="classes__meta">
        {t('classes.learnerCount', { count: item.learnerCount })} ·{' '}
        {t('classes.codeIs', { code: item.joinCode })} ·{' '}
        {t('classes.teacherIs', { name: item.teacherName })}
      </span>
    </li>
  );
}

function CreateClassForm({ clientId }: { clientId: string }) {
  const t = useT();
  const create = useCreateClass();
  const notice = useSavedNotice();
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    const outcome = await create.mutate(clientId, name.trim());
    if (outcome.ok) {
      setName('');
      notice.show(t('classes.created', { name: outcome.data.name, code: outcome.data.joinCode }));
    }
  }

  return (
    <form className="classes__create" onSubmit={submit} noValidate>
      <Field
        label={t('classes.newName')}
        error={
          missing
            ? t('classes.nameRequired')
            : create.error
              ? problemMessage(t, create.error)
              : undefined
        }
      >
        {(control) => (
          <input
            {...control}
            className="input"
            value={name}
            maxLength={CLASS_LIMITS.nameMax}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={create.status === 'pending'}>
        {create.status === 'pending' ? t('classes.creating') : t('classes.create')}
      </Button>
      <SavedNotice notice={notice} />
    </form>
  );
}
