import { useT } from '../../lib/i18n';

/** Sets the document title; React hoists `<title>` into the head. */
export function PageTitle({ title }: { title?: string }) {
  const t = useT();
  return <title>{title ? `${title} · ${t('app.name')}` : t('app.name')}</title>;
}
