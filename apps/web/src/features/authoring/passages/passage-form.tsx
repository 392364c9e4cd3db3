import type { ApiError } from '../../../lib/api-client';
import type { PassageContentInput } from '@questa/contracts';
import { PASSAGE_LIMITS } from '@questa/contracts/rules';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { useT } from '../../../lib/i18n';
import { MarkdownView } from '../components/markdown-view';

/** A passage's title and Markdown body, with the body previewed as learners will see it. */
export function PassageForm({
  initial,
  submitLabel,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  initial?: PassageContentInput;
  submitLabel: string;
  busy: boolean;
  error: ApiError | undefined;
  onSubmit: (content: PassageContentInput) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '' || body.trim() === '') {
      setMissing(true);
      return;
    }
    // Media the body shows are named by hash, as in stems: the server checks they are the tenant's.
    const media = [...new Set([...body.matchAll(/media:([0-9a-f]{64})/g)].map((m) => m[1]!))];
    onSubmit({ title: title.trim(), body: body.trim(), media });
  };

  return (
    <form className="passage-form" onSubmit={submit} noValidate>
      <Field
        label={t('passages.titleLabel')}
        error={missing && title.trim() === '' ? t('passages.required') : undefined}
      >
        {(control) => (
          <input
            {...control}
            value={title}
            maxLength={PASSAGE_LIMITS.titleMax}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </Field>
      <Field
        label={t('passages.bodyLabel')}
        hint={t('passages.bodyHint')}
        error={missing && body.trim() === '' ? t('passages.required') : undefined}
      >
        {(control) => (
          <textarea
            {...control}
            rows={8}
            value={body}
            maxLength={PASSAGE_LIMITS.bodyMax}
            onChange={(event) => setBody(event.target.value)}
          />
        )}
      </Field>
      <section className="passage-form__preview" aria-label={t('passages.preview')}>
        <h4>{t('passages.preview')}</h4>
        {body.trim() === '' ? (
          <p className="authoring-muted">{t('passages.previewEmpty')}</p>
        ) : (
          <MarkdownView source={body} />
        )}
      </section>
      {error && <ProblemAlert title={t('passages.saveFailed')} error={error} />}
      <div className="authoring-actions">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t('passages.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
