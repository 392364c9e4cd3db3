import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFound } from '../../components/not-found';
import { Button, buttonClass } from '../../components/ui/button';
import { PageTitle } from '../../components/ui/page-title';
import { problemMessage } from '../../components/ui/problem-message';
import { StatusPage } from '../../components/ui/status-page';
import { isApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';

/** Error page for anything a page throws: missing things get the not-found page. */
export function RouteError() {
  const error = useRouteError();
  const t = useT();

  const missing =
    (isApiError(error) && error.code === 'not_found') ||
    (isRouteErrorResponse(error) && error.status === 404);
  if (missing) return <NotFound />;

  const apiError = isApiError(error) ? error : undefined;
  return (
    <StatusPage
      title={t('error.title')}
      actions={
        <>
          <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
          <Link to="/" className={buttonClass('secondary')}>
            {t('error.home')}
          </Link>
        </>
      }
    >
      <PageTitle title={t('error.title')} />
      <p>{apiError ? problemMessage(t, apiError) : t('error.body')}</p>
      {apiError?.requestId && <p>{t('error.requestId', { id: apiError.requestId })}</p>}
    </StatusPage>
  );
}

/** Used when the app shell itself fails, so the page still has a main landmark. */
export function RootError() {
  return (
    <main id="main" className="app-shell__main">
      <RouteError />
    </main>
  );
}
