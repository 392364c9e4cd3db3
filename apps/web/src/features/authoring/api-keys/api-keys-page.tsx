import type { CredentialScope } from '@questa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FieldError } from '../../../components/ui/field';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table } from '../../../components/ui/table';
import { formatDateTime, useI18n } from '../../../lib/i18n';
import { useCreateCredential, type CreatedCredential } from '../api/create-credential';
import { useCredentials, type Credential } from '../api/list-credentials';
import { useRevokeCredential } from '../api/revoke-credential';
import { authorPaths } from '../paths';
import type { TenantAccess } from '../tenant-access';
import { NewSecret } from './new-secret';
import '../components/authoring.css';
import './api-keys.css';

const scopes: CredentialScope[] = ['banks:read', 'banks:write'];

/** The tenant's API keys for integrators: create one (its secret is shown once) or revoke one. */
export function ApiKeysPage({ access }: { access: TenantAccess }) {
  const { t, locale } = useI18n();
  const formId = useId();
  const { clientId, clientName } = access.membership;
  const credentials = useCredentials(clientId);
  const create = useCreateCredential();
  const revoke = useRevokeCredential();
  const [chosen, setChosen] = useState<CredentialScope[]>(['banks:read']);
  const [created, setCreated] = useState<CreatedCredential>();
  const [revoking, setRevoking] = useState<Credential>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return;
    const outcome = await create.mutate(clientId, chosen);
    if (outcome.ok) setCreated(outcome.data);
  };

  const shortId = (credential: Pick<Credential, 'id'>) => credential.id.slice(0, 8);
  const closeDialog = () => {
    setRevoking(undefined);
    revoke.reset();
  };

  return (
    <div className="page">
      <PageTitle title={t('apiKeys.title')} />
      <Link to={authorPaths.home()} className="page__back">
        <ArrowLeftIcon />
        {t('author.backToBanks')}
      </Link>
      <header className="page__header">
        <h1>{t('apiKeys.title')}</h1>
        <p className="page__intro">{t('apiKeys.intro', { tenant: clientName })}</p>
      </header>

      {created && (
        <NewSecret
          secret={created.secret}
          name={shortId(created)}
          onDone={() => {
            setCreated(undefined);
            create.reset();
          }}
        />
      )}

      <form className="authoring-form" aria-labelledby={`${formId}-title`} onSubmit={submit}>
        <h2 id={`${formId}-title`}>{t('apiKeys.create')}</h2>
        <fieldset className="fieldset" aria-describedby={`${formId}-error`}>
          <legend>{t('apiKeys.scopes')}</legend>
          <div className="api-keys__scopes">
            {scopes.map((scope) => (
              <label key={scope} className="check">
                <input
                  type="checkbox"
                  checked={chosen.includes(scope)}
                  onChange={(event) =>
                    setChosen((current) =>
                      event.target.checked
                        ? [...current, scope]
                        : current.filter((other) => other !== scope),
                    )
                  }
                />
                {t(`apiKeys.scope.${scope === 'banks:read' ? 'read' : 'write'}`)}
              </label>
            ))}
          </div>
          <FieldError
            id={`${formId}-error`}
            message={chosen.length === 0 ? t('apiKeys.scopeRequired') : undefined}
          />
        </fieldset>
        {create.status === 'error' && (
          <ProblemAlert title={t('apiKeys.createFailed')} error={create.error} />
        )}
        <div>
          <Button
            type="submit"
            disabled={chosen.length === 0 || create.status === 'pending' || created !== undefined}
          >
            {t('apiKeys.createButton')}
          </Button>
        </div>
      </form>

      <section className="authoring-card" aria-labelledby={`${formId}-list`}>
        <h2 id={`${formId}-list`}>{t('apiKeys.existing')}</h2>
        {credentials.status === 'pending' && (
          <div role="status" className="authoring-loading">
            <span className="visually-hidden">{t('apiKeys.loading')}</span>
            <Skeleton height="2.5rem" />
            <Skeleton height="2.5rem" />
          </div>
        )}
        {credentials.status === 'error' && (
          <ProblemAlert
            title={t('apiKeys.loadFailed')}
            error={credentials.error}
            onRetry={credentials.retry}
          />
        )}
        {credentials.status === 'success' && credentials.data.credentials.length === 0 && (
          <EmptyState title={t('apiKeys.empty')} />
        )}
        {credentials.status === 'success' && credentials.data.credentials.length > 0 && (
          <Table caption={t('apiKeys.existing')} captionHidden>
            <thead>
              <tr>
                <th scope="col">{t('apiKeys.key')}</th>
                <th scope="col">{t('apiKeys.scopes')}</th>
                <th scope="col">{t('apiKeys.created')}</th>
                <th scope="col">{t('apiKeys.lastUsed')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {credentials.data.credentials.map((credential) => (
                <tr key={credential.id}>
                  <th scope="row" className="table__mono">
                    {shortId(credential)}
                  </th>
                  <td>{credential.scopes.join(', ')}</td>
                  <td className="table__nowrap">{formatDateTime(credential.createdAt, locale)}</td>
                  <td className="table__nowrap">
                    {credential.lastUsedAt
                      ? formatDateTime(credential.lastUsedAt, locale)
                      : t('apiKeys.never')}
                  </td>
                  <td className="table__nowrap">
                    {credential.revokedAt ? (
                      <Badge tone="danger">{t('apiKeys.revoked')}</Badge>
                    ) : (
                      <Button
                        variant="secondary"
                        className="button--small"
                        aria-label={t('apiKeys.revokeFor', { key: shortId(credential) })}
                        onClick={() => setRevoking(credential)}
                      >
                        {t('apiKeys.revoke')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>

      <ConfirmDialog
        open={revoking !== undefined}
        title={t('apiKeys.confirmRevoke', { key: revoking ? shortId(revoking) : '' })}
        confirmLabel={t('apiKeys.revoke')}
        busy={revoke.status === 'pending'}
        error={revoke.error}
        onCancel={closeDialog}
        onConfirm={async () => {
          if (!revoking) return;
          const outcome = await revoke.mutate(clientId, revoking.id);
          if (outcome.ok) closeDialog();
        }}
      >
        <p>{t('apiKeys.confirmRevokeBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
