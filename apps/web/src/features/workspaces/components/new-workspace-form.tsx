import type { Workspace } from '@questa/contracts';
import {
  slugProblem,
  suggestSlug,
  WORKSPACE_NAME_MAX,
  WORKSPACE_SLUG_MAX,
} from '@questa/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { useT } from '../../../lib/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSlugCheck } from '../api/check-slug';
import { useCreateWorkspace } from '../api/create-workspace';
import './workspaces.css';

/**
 * A name and an address. The address follows the name until the person edits it, and is checked
 * as they type: a taken one comes with a free one close to it.
 */
export function NewWorkspaceForm({ onCreated }: { onCreated: (workspace: Workspace) => void }) {
  const t = useT();
  const id = useId();
  const create = useCreateWorkspace();
  const [name, setName] = useState('');
  const [editedSlug, setEditedSlug] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const slug = editedSlug ?? (name.trim() ? suggestSlug(name) : '');

  const nameError = name.trim() === '' ? t('workspaces.new.nameRequired') : undefined;
  const shapeError =
    slug === ''
      ? undefined
      : slugProblem(slug) === 'reserved'
        ? t('workspaces.slug.reserved')
        : slugProblem(slug) === 'invalid'
          ? t('workspaces.slug.invalid')
          : undefined;
  const serverSlugError = create.error?.code === 'workspace.slug_taken';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (nameError || shapeError || slug === '') return;
    const outcome = await create.mutate({ name: name.trim(), slug });
    if (outcome.ok) onCreated(outcome.data);
  };

  return (
    <form className="workspace-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{t('workspaces.new.title')}</h2>
      <Field label={t('workspaces.new.name')} error={submitted ? nameError : undefined}>
        {(control) => (
          <input
            {...control}
            className="input"
            value={name}
            maxLength={WORKSPACE_NAME_MAX}
            autoComplete="off"
            required
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <Field
        label={t('workspaces.new.slug')}
        hint={t('workspaces.new.slugHint')}
        error={shapeError ?? (serverSlugError ? t('problem.workspace.slug_taken') : undefined)}
      >
        {(control) => (
          <input
            {...control}
            className="input authoring-mono"
            value={slug}
            maxLength={WORKSPACE_SLUG_MAX}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            required
            onChange={(event) => setEditedSlug(event.target.value.toLowerCase())}
          />
        )}
      </Field>
      {slug !== '' && !shapeError && <SlugAvailability slug={slug} onUse={setEditedSlug} />}
      {create.status === 'error' && !serverSlugError && (
        <ProblemAlert title={t('workspaces.new.failed')} error={create.error} />
      )}
      <div className="workspace-actions">
        <Button type="submit" disabled={create.status === 'pending'}>
          {create.status === 'pending' ? t('workspaces.new.creating') : t('workspaces.new.create')}
        </Button>
      </div>
    </form>
  );
}

/** Whether the address is free, once typing has paused; a taken one offers a free one. */
function SlugAvailability({ slug, onUse }: { slug: string; onUse: (slug: string) => void }) {
  const t = useT();
  const settled = useDebouncedValue(slug, 300);
  const check = useSlugCheck(settled);
  if (settled !== slug || check.status === 'pending') {
    return (
      <p className="slug-check" role="status">
        {t('workspaces.slug.checking')}
      </p>
    );
  }
  // The server says so again on creating; a failed check only loses the early word.
  if (check.status === 'error') return <p className="slug-check" role="status" />;
  if (check.data.available) {
    return (
      <p className="slug-check slug-check--free" role="status">
        {t('workspaces.slug.free', { slug })}
      </p>
    );
  }
  return (
    <div className="workspace-actions">
      <p className="slug-check" role="status">
        {t('workspaces.slug.taken', { slug })}
      </p>
      <Button variant="secondary" onClick={() => onUse(check.data.suggestion)}>
        {t('workspaces.slug.use', { slug: check.data.suggestion })}
      </Button>
    </div>
  );
}
