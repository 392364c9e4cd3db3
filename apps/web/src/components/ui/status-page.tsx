import type { ReactNode } from 'react';
import './status-page.css';

/** Full-page message for not-found and error screens: a code, a heading, a sentence, next steps. */
export function StatusPage({
  code,
  title,
  children,
  actions,
}: {
  code?: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section className="status-page">
      {code && (
        <p className="status-page__code" aria-hidden="true">
          {code}
        </p>
      )}
      <h1>{title}</h1>
      <div className="status-page__body">{children}</div>
      <div className="status-page__actions">{actions}</div>
    </section>
  );
}
