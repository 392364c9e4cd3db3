import { buttonClass } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { exportDataUrl } from '../api/account-links';
import './account.css';

export function DownloadData() {
  const t = useT();
  return (
    <section className="account-section" aria-labelledby="account-data">
      <h2 id="account-data">{t('account.yourData')}</h2>
      <p className="account-section__note">{t('account.yourDataIntro')}</p>
      <div>
        <a className={buttonClass('secondary')} href={exportDataUrl()} download>
          {t('account.downloadData')}
        </a>
      </div>
    </section>
  );
}
