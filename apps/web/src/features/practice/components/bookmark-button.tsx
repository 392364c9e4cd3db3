import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useSetBookmark } from '../api/set-bookmark';
import { buttonClass } from '../../../components/ui/button';
import { BookmarkIcon } from '../../../components/ui/icons';

/**
 * A labelled toggle that marks the question for later; pressed means bookmarked. It changes at
 * once and goes back if saving fails.
 */
export function BookmarkButton({
  sessionId,
  itemId,
  initial,
}: {
  sessionId: string;
  itemId: string;
  initial: boolean;
}) {
  const t = useT();
  const [bookmarked, setBookmarked] = useState(initial);
  const save = useSetBookmark();
  const toggle = async () => {
    const next = !bookmarked;
    setBookmarked(next);
    const outcome = await save.mutate(sessionId, itemId, next);
    if (!outcome.ok) setBookmarked(!next);
  };
  return (
    <div className="practice-bookmark">
      <button
        type="button"
        className={buttonClass('secondary', 'button--small practice-bookmark__button')}
        aria-pressed={bookmarked}
        onClick={toggle}
      >
        <BookmarkIcon filled={bookmarked} />
        {t('practice.bookmark')}
      </button>
      {save.status === 'error' && (
        <p className="practice-bookmark__error" role="alert">
          {t('practice.bookmarkFailed')}
        </p>
      )}
    </div>
  );
}
