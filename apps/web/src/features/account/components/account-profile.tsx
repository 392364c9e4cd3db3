import type { SessionUser } from '@questa/contracts';
import { useT } from '../../../lib/i18n';
import './account.css';

export function AccountProfile({ user }: { user: SessionUser }) {
  const t = useT();
  return (
    <section className="account-section" aria-labelledby="account-profile">
      <h2 id="account-profile">{t('account.profile')}</h2>
      <dl className="account-profile">
        <dt>{t('account.name')}</dt>
        <dd>{user.displayName}</dd>
        <dt>{t('account.email')}</dt>
        <dd>{user.email}</dd>
      </dl>
      <p className="account-section__note">{t('account.profileNote')}</p>
    </section>
  );
}
