import { buttonClass } from '../../../components/ui/button';
import { useI18n, useT } from '../../../lib/i18n';
import { changePasswordUrl } from '../api/account-links';
import './account.css';

/** A link to the identity provider's own page: the password is never typed into Questa. */
export function ChangePassword() {
  const t = useT();
  const { locale } = useI18n();
  return (
    <section className="account-section" aria-labelledby="account-password">
      <h2 id="account-password">{t('account.password')}</h2>
      <p className="account-section__note">{t('account.passwordIntro')}</p>
      <div>
        <a className={buttonClass('secondary')} href={changePasswordUrl(locale)}>
          {t('account.changePassword')}
        </a>
      </div>
    </section>
  );
}
