import { useId, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { ArrowDownIcon, ArrowUpIcon } from '../ui/icons';
import { moved } from './answer-draft';
import type { FieldProps } from './field-common';
import { Mark } from './mark';
import { RichText } from './rich-text';

/**
 * Items put in order with Move up and Move down buttons: plain buttons work with a keyboard, a
 * switch and a screen reader alike, where dragging would not. Focus stays with the moved item.
 */
export function OrderingField({
  question,
  draft,
  onChange,
  feedback,
  readOnly,
  describedBy,
}: FieldProps<'ordering'>) {
  const t = useT();
  const legendId = useId();
  const list = useRef<HTMLOListElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const textOf = (id: string) => question.items.find((item) => item.id === id)?.text ?? id;

  const move = (index: number, step: -1 | 1) => {
    const itemId = draft.itemIds[index];
    if (itemId === undefined) return;
    const itemIds = moved(draft.itemIds, index, step);
    onChange({ type: 'ordering', itemIds }, 'choose');
    const position = index + step + 1;
    setAnnouncement(
      t('answering.movedTo', {
        item: textOf(itemId),
        position,
        count: itemIds.length,
      }),
    );
    // The item's button may now be disabled (it reached an end); then its other button takes focus.
    requestAnimationFrame(() => {
      const row = list.current?.querySelector<HTMLElement>(`[data-item="${CSS.escape(itemId)}"]`);
      const buttons = [
        row?.querySelector<HTMLButtonElement>(`[data-step="${step}"]`),
        row?.querySelector<HTMLButtonElement>(`[data-step="${-step}"]`),
      ];
      buttons.find((button) => button && !button.disabled)?.focus();
    });
  };

  return (
    <fieldset className="fieldset practice-ordering" aria-describedby={describedBy}>
      <legend id={legendId}>{t('answering.putInOrder')}</legend>
      <ol ref={list} className="practice-ordering__list" aria-labelledby={legendId}>
        {draft.itemIds.map((itemId, index) => {
          const text = textOf(itemId);
          const marks = feedback?.items.find((item) => item.itemId === itemId);
          return (
            <li key={itemId} data-item={itemId} className="practice-ordering__item">
              <span className="practice-ordering__position" aria-hidden="true">
                {index + 1}
              </span>
              <span className="practice-ordering__text">
                <RichText source={text} inline />
              </span>
              {!readOnly && (
                <span className="practice-ordering__buttons">
                  <button
                    type="button"
                    className="icon-button practice-ordering__move"
                    data-step={-1}
                    disabled={index === 0}
                    aria-label={t('answering.moveUp', { item: text })}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpIcon />
                  </button>
                  <button
                    type="button"
                    className="icon-button practice-ordering__move"
                    data-step={1}
                    disabled={index === draft.itemIds.length - 1}
                    aria-label={t('answering.moveDown', { item: text })}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownIcon />
                  </button>
                </span>
              )}
              {marks &&
                (marks.position === marks.correctPosition ? (
                  <Mark ok>{t('answering.mark.inPlace')}</Mark>
                ) : (
                  <Mark ok={false}>
                    {t('answering.mark.belongsAt', { position: marks.correctPosition + 1 })}
                  </Mark>
                ))}
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}
