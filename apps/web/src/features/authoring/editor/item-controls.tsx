import { useT } from '../../../lib/i18n';

/**
 * Move up, move down and remove for one entry of a list. Buttons at an end stay focusable
 * (aria-disabled) so focus is not lost when an entry reaches the top or bottom.
 */
export function ItemControls({
  name,
  index,
  count,
  minimum,
  onMove,
  onRemove,
}: {
  /** The entry as the labels name it, e.g. "Option 2". */
  name: string;
  index: number;
  count: number;
  /** Fewer entries than this are not allowed, so removing stops there. */
  minimum: number;
  onMove?: (to: number) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const first = index === 0;
  const last = index === count - 1;
  const removable = count > minimum;
  return (
    <div className="item-controls">
      {onMove && (
        <>
          <button
            type="button"
            className="item-controls__button"
            aria-label={t('editor.moveUp', { name })}
            aria-disabled={first || undefined}
            onClick={() => !first && onMove(index - 1)}
          >
            <span aria-hidden="true">↑</span>
          </button>
          <button
            type="button"
            className="item-controls__button"
            aria-label={t('editor.moveDown', { name })}
            aria-disabled={last || undefined}
            onClick={() => !last && onMove(index + 1)}
          >
            <span aria-hidden="true">↓</span>
          </button>
        </>
      )}
      <button
        type="button"
        className="item-controls__button item-controls__button--remove"
        aria-label={t('editor.remove', { name })}
        aria-disabled={!removable || undefined}
        onClick={() => removable && onRemove()}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
}
