import type { LearnerPassage } from '@questa/contracts';
import { useId, useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { RichText } from './rich-text';
import './passage.css';

/**
 * A question with the passage it refers to: above it on a phone, where the learner can fold the
 * passage away to see the answers, and beside it on a wide screen. Without a passage, just the
 * question.
 */
export function WithPassage({
  passage,
  children,
}: {
  passage: LearnerPassage | null | undefined;
  children: ReactNode;
}) {
  if (!passage) return <>{children}</>;
  return (
    <div className="with-passage">
      <PassagePanel passage={passage} />
      <div className="with-passage__question">{children}</div>
    </div>
  );
}

function PassagePanel({ passage }: { passage: LearnerPassage }) {
  const t = useT();
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  return (
    <section
      className={open ? 'passage' : 'passage passage--folded'}
      aria-label={t('passage.label', { title: passage.title })}
    >
      <div className="passage__top">
        <h2 className="passage__title">{passage.title}</h2>
        <button
          type="button"
          className="passage__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          {open ? t('passage.hide') : t('passage.show')}
        </button>
      </div>
      <div id={bodyId} className="passage__body">
        <RichText source={passage.body} />
      </div>
    </section>
  );
}
