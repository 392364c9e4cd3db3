import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { I18nProvider, type LoadedLocale } from '../lib/i18n';
import { createAppRouter } from './router';

export function App({ locale }: { locale: LoadedLocale }) {
  const [router] = useState(createAppRouter);
  return (
    <I18nProvider initial={locale}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}
