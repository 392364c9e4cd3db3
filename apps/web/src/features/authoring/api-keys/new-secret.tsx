import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';

/**
 * A new key's secret, shown this once: the server keeps only its hash. It lives in this
 * component's props only, never in a cache, and is gone when the author closes it.
 */
export function NewSecret({
  secret,
  name,
  onDone,
}: {
  secret: string;
  name: string;
  onDone: () => void;
}) {
  const t = useT();
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed'>();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <section
      className="authoring-notice authoring-notice--warning api-keys__secret"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t('apiKeys.secretTitle', { key: name })}</h2>
      <p role="alert">{t('apiKeys.secretWarning')}</p>
      <label htmlFor={`${id}-secret`} className="field__label">
        {t('apiKeys.secret')}
      </label>
      <input
        id={`${id}-secret`}
        className="input authoring-mono"
        readOnly
        value={secret}
        onFocus={(event) => event.target.select()}
      />
      <div className="authoring-actions">
        <Button onClick={() => void copy()}>{t('apiKeys.copy')}</Button>
        <Button variant="secondary" onClick={onDone}>
          {t('apiKeys.done')}
        </Button>
        <span role="status">
          {copied === 'yes' && t('apiKeys.copied')}
          {copied === 'failed' && t('apiKeys.copyFailed')}
        </span>
      </div>
    </section>
  );
}
