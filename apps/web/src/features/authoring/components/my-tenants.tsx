import type { Membership } from '@questa/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { Table } from '../../../components/ui/table';
import { useT } from '../../../lib/i18n';
import './my-tenants.css';

/** The tenants the user belongs to, and their role in each, as the session reports them. */
export function MyTenants({ memberships }: { memberships: readonly Membership[] }) {
  const t = useT();
  return (
    <section className="my-tenants">
      <h2>{t('author.tenants')}</h2>
      {memberships.length === 0 ? (
        <EmptyState title={t('author.emptyTitle')}>
          <p>{t('author.emptyBody')}</p>
        </EmptyState>
      ) : (
        <Table caption={t('author.tenants')} captionHidden>
          <thead>
            <tr>
              <th scope="col">{t('author.tenant')}</th>
              <th scope="col">{t('author.slug')}</th>
              <th scope="col">{t('author.role')}</th>
            </tr>
          </thead>
          <tbody>
            {[...memberships]
              .sort((a, b) => a.clientName.localeCompare(b.clientName))
              .map((membership) => (
                <tr key={membership.clientId}>
                  <th scope="row">{membership.clientName}</th>
                  <td className="table__mono">{membership.clientSlug}</td>
                  <td>{t(`tenantRole.${membership.role}`)}</td>
                </tr>
              ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
