import type { Bookmark } from '@questa/contracts';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { RichText } from '../../../components/answering/rich-text';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate, useI18n } from '../../../lib/i18n';
import { useBookmarks } from '../api/get-bookmarks';
import { useRemoveBookmark } from '../api/remove-bookmark';
import './bookmarks.css';

/**
 * The questions a learner bookmarked while practising: where each is from, how it starts and
 * when it was marked, with the way back to its bank and to the reviews it joined. Removing one
 * asks first, since the bookmark cannot be made again from here.
 */
export function BookmarksPage() {
  const { t } = useI18n();
  const bookmarks = useBookmarks();
  const remove = useRemoveBookmark();
  const [removing, setRemoving] = useState<Bookmark>();
  const [removed, setRemoved] = useState(false);
  const notice = useRef<HTMLParagraphElement>(null);

  const close = () => {
    setRemoving(undefined);
    remove.reset();
  };

  if (bookmarks.status === 'pending') {
    return (
      <div className="bookmarks" aria-busy="true">
        <p role="status" className="visually-hidden">
          {t('bookmarks.loading')}
        </p>
        <Skeleton height="6rem" />
        <Skeleton height="6rem" />
      </div>
    );
  }
  if (bookmarks.status === 'error') {
    return (
      <ProblemAlert
        title={t('bookmarks.loadFailed')}
        error={bookmarks.error}
        onRetry={bookmarks.retry}
      />
    );
  }

  return (
    <div className="bookmarks">
      {/* Focus lands here after a removal: the button that opened the dialog is gone with its row. */}
      <p ref={notice} tabIndex={-1} role="status" className="bookmarks__notice">
        {removed ? t('bookmarks.removed') : ''}
      </p>
      {bookmarks.data.length === 0 ? (
        <EmptyState title={t('bookmarks.emptyTitle')}>
          <p>{t('bookmarks.emptyBody')}</p>
          <p>
            <Link to="/" className={buttonClass('primary')}>
              {t('bookmarks.emptyAction')}
            </Link>
          </p>
        </EmptyState>
      ) : (
        <>
          <p>
            <Link to="/review" className={buttonClass('secondary')}>
              {t('bookmarks.review')}
            </Link>
          </p>
          <ul className="bookmarks__list">
            {bookmarks.data.map((bookmark) => (
              <BookmarkEntry
                key={bookmark.questionId}
                bookmark={bookmark}
                onRemove={() => {
                  setRemoved(false);
                  setRemoving(bookmark);
                }}
              />
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title={t('bookmarks.confirmTitle')}
        confirmLabel={t('bookmarks.remove')}
        busy={remove.status === 'pending'}
        error={remove.error}
        onCancel={close}
        onConfirm={async () => {
          if (!removing) return;
          const outcome = await remove.mutate(removing.questionId);
          // Removed elsewhere meanwhile: the list is what matters, and it no longer has it.
          if (!outcome.ok && outcome.error.code !== 'not_found') return;
          close();
          setRemoved(true);
          notice.current?.focus();
        }}
      >
        <p>{t('bookmarks.confirmBody', { excerpt: removing?.excerpt ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}

function BookmarkEntry({ bookmark, onRemove }: { bookmark: Bookmark; onRemove: () => void }) {
  const { t, locale } = useI18n();
  return (
    <li className="bookmarks__item">
      <div className="bookmarks__excerpt">
        <RichText source={bookmark.excerpt} />
      </div>
      <p className="bookmarks__meta">
        {bookmark.bankTitle} · {bookmark.topic} ·{' '}
        <time dateTime={bookmark.createdAt}>
          {t('bookmarks.added', { date: formatDate(bookmark.createdAt, locale) })}
        </time>
      </p>
      <div className="bookmarks__actions">
        <Link
          to={`/banks/${bookmark.bankId}`}
          className={buttonClass('secondary', 'button--small')}
        >
          {t('bookmarks.practise', { bank: bookmark.bankTitle })}
        </Link>
        <Button
          variant="ghost"
          className="button--small"
          aria-label={t('bookmarks.removeLabel', { excerpt: bookmark.excerpt })}
          onClick={onRemove}
        >
          {t('bookmarks.remove')}
        </Button>
      </div>
    </li>
  );
}
