import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useCreatePassage } from './api/create-passage';
import { usePassages } from './api/list-passages';
import { PassageEditor } from './passage-editor';
import { PassageForm } from './passage-form';
import '../../../components/ui/panel.css';
import './passages.css';

/**
 * A bank's passages: texts that several of its questions share. Draws, exams and practice keep
 * a passage's questions together, in the order they were attached.
 */
export function PassagesPanel({
  clientId,
  bankId,
  canWrite,
}: {
  clientId: string;
  bankId: string;
  canWrite: boolean;
}) {
  const t = useT();
  const headingId = useId();
  const passages = usePassages(clientId, bankId);
  const create = useCreatePassage();
  // `new` while writing one, a passage's id while it is open: one at a time.
  const [open, setOpen] = useState<string>();

  return (
    <section className="passages" aria-labelledby={headingId}>
      <div className="authoring-card__header">
        <h2 id={headingId}>{t('passages.title')}</h2>
        {canWrite && open !== 'new' && (
          <Button onClick={() => setOpen('new')}>{t('passages.new')}</Button>
        )}
      </div>
      <p className="authoring-muted">{t('passages.intro')}</p>
      {open === 'new' && (
        <div className="panel">
          <PassageForm
            submitLabel={t('passages.create')}
            busy={create.status === 'pending'}
            error={create.error}
            onCancel={() => {
              setOpen(undefined);
              create.reset();
            }}
            onSubmit={(content) =>
              void create.mutate(clientId, bankId, content).then((outcome) => {
                if (outcome.ok) setOpen(outcome.data.id);
              })
            }
          />
        </div>
      )}
      {passages.status === 'pending' && (
        <div role="status">
          <span className="visually-hidden">{t('passages.loading')}</span>
          <Skeleton height="4rem" />
        </div>
      )}
      {passages.status === 'error' && (
        <ProblemAlert
          title={t('passages.loadFailed')}
          error={passages.error}
          onRetry={passages.retry}
        />
      )}
      {passages.status === 'success' &&
        (passages.data.passages.length === 0 ? (
          open !== 'new' && <p>{t('passages.empty')}</p>
        ) : (
          <ul className="passage-list" aria-label={t('passages.title')}>
            {passages.data.passages.map((passage) =>
              open === passage.id ? (
                <li key={passage.id}>
                  <PassageEditor
                    clientId={clientId}
                    bankId={bankId}
                    passageId={passage.id}
                    canWrite={canWrite}
                    onClose={() => setOpen(undefined)}
                  />
                </li>
              ) : (
                <li key={passage.id} className="panel passage-card">
                  <div>
                    <h3>{passage.title}</h3>
                    <p className="authoring-muted">
                      {t('passages.summary', {
                        count: passage.questionCount,
                        version: passage.currentVersion,
                      })}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    aria-label={t('passages.openNamed', { title: passage.title })}
                    onClick={() => setOpen(passage.id)}
                  >
                    {t('passages.open')}
                  </Button>
                </li>
              ),
            )}
          </ul>
        ))}
    </section>
  );
}
