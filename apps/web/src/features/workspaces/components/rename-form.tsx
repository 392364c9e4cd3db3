import type { Membership } from '@questa/contracts';
import { WORKSPACE_NAME_MAX } from '@questa/contracts/rules';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';
import { useT } from '../../../lib/i18n';
import { useRenameWorkspace } from '../api/rename-workspace';

export function RenameForm({ membership }: { membership: Membership }) {
  const t = useT();
  const rename = useRenameWorkspace();
  const notice = useSavedNotice();
  const [name, setName] = useState(membership.clientName);
  const error = name.trim() === '' ? t('workspaces.new.nameRequired') : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (error) return;
    const outcome = await rename.mutate(membership.clientId, name.trim());
    if (outcome.ok) notice.show(t('workspaces.rename.saved', { name: outcome.data.name }));
  };

  return (
    <form className="workspace-form" onSubmit={submit} noValidate>
      <div className="workspace-form__row">
        <Field
          label={t('workspaces.rename.label')}
          hint={t('workspaces.rename.hint', { slug: membership.clientSlug })}
          error={error}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              value={name}
              maxLength={WORKSPACE_NAME_MAX}
              required
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Button
          type="submit"
          disabled={rename.status === 'pending' || name.trim() === membership.clientName}
        >
          {t('workspaces.rename.save')}
        </Button>
      </div>
      {rename.status === 'error' && (
        <ProblemAlert title={t('workspaces.rename.failed')} error={rename.error} />
      )}
      <SavedNotice notice={notice} />
    </form>
  );
}
