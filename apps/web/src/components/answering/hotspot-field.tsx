import type { ImagePoint } from '@questa/contracts';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../lib/i18n';
import { Button } from '../ui/button';
import { widgetFor, type FieldProps } from './field-common';
import { HotspotPicture, pointOn, type DrawnMarker, type DrawnRegion } from './hotspot-picture';
import { Mark } from './mark';

/** One arrow key press moves the crosshair this far; with Shift, five times as far. */
const STEP = 0.02;
/** A tap this close to a marker (in CSS pixels) takes it away instead of placing another. */
const TOUCH_RADIUS = 18;

const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1e4) / 1e4));
const percent = (value: number) => Math.round(value * 100);

/**
 * Markers placed on an image. A click or tap places one (or moves the only one); a tap on a
 * marker takes it away. Keyboard users move a crosshair with the arrow keys and press Enter or
 * Space to place or take away a marker there, so nothing needs a pointer. Graded, the right
 * regions are drawn under the markers, and each marker is marked in words below the image.
 */
export function HotspotField({
  question,
  draft,
  onChange,
  feedback,
  readOnly,
  describedBy,
}: FieldProps<'hotspot'>) {
  const t = useT();
  const helpId = useId();
  const [cursor, setCursor] = useState<ImagePoint>({ x: 0.5, y: 0.5 });
  const [focused, setFocused] = useState(false);
  const pointing = useRef(false);
  const [said, setSaid] = useState('');
  const points = draft.points;

  const toggle = (at: ImagePoint, near: { x: number; y: number }) => {
    const hit = points.findIndex(
      (p) => Math.abs(p.x - at.x) <= near.x && Math.abs(p.y - at.y) <= near.y,
    );
    let next: ImagePoint[];
    if (hit !== -1) {
      next = points.filter((_, i) => i !== hit);
      setSaid(t('answering.hotspot.removed', { n: hit + 1 }));
    } else {
      const point = { x: clamp(at.x), y: clamp(at.y) };
      // With every marker placed, the last one moves: the learner changes their mind.
      next =
        points.length < question.markers ? [...points, point] : [...points.slice(0, -1), point];
      setSaid(
        t('answering.hotspot.placed', {
          n: next.length,
          x: percent(point.x),
          y: percent(point.y),
        }),
      );
    }
    onChange({ type: 'hotspot', points: next }, 'choose');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? STEP * 5 : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const next = { x: clamp(cursor.x + move[0]), y: clamp(cursor.y + move[1]) };
      setCursor(next);
      setSaid(t('answering.hotspot.cursor', { x: percent(next.x), y: percent(next.y) }));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggle(cursor, { x: STEP / 2, y: STEP / 2 });
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && points.length > 0) {
      event.preventDefault();
      toggle(points[points.length - 1] as ImagePoint, { x: 0, y: 0 });
    }
  };

  const outcomes = feedback?.points ?? [];
  const markers: DrawnMarker[] = points.map((p, i) => {
    const outcome = outcomes[i]?.outcome;
    return {
      ...p,
      label: String(i + 1),
      tone: outcome === 'hit' ? 'hit' : outcome === 'miss' ? 'miss' : 'neutral',
    };
  });
  const regions: DrawnRegion[] = (feedback?.regions ?? []).map(({ region, hit }) => ({
    region,
    tone: hit ? 'correct' : 'missed',
  }));
  const active = !readOnly && !feedback;
  const image = feedback?.image ?? question.image;
  const labels = new Map(feedback?.regions.map(({ region }) => [region.id, region.label]) ?? []);
  const missed = feedback?.regions.filter((r) => !r.hit).length ?? 0;

  return (
    <fieldset className="fieldset hotspot-field" aria-describedby={describedBy}>
      <legend>
        {question.markers === 1
          ? t('answering.hotspot.legendOne')
          : t('answering.hotspot.legendMany', { count: question.markers })}
      </legend>
      {active && (
        <p id={helpId} className="field__hint">
          {t('answering.hotspot.help')}
        </p>
      )}
      <HotspotPicture
        image={image}
        regions={regions}
        markers={markers}
        cursor={active && focused ? cursor : undefined}
        className={active ? 'hotspot-picture--active' : ''}
        frame={
          active
            ? {
                role: 'application',
                tabIndex: 0,
                'aria-label': t('answering.hotspot.area', { alt: image.alt }),
                'aria-describedby': helpId,
                // The crosshair is for keyboard users: a click focuses the image too, without it.
                onPointerDown: () => (pointing.current = true),
                onFocus: () => setFocused(!pointing.current),
                onKeyUp: () => setFocused(true),
                onBlur: () => {
                  pointing.current = false;
                  setFocused(false);
                },
                onKeyDown,
                onClick: (event) => {
                  const box = event.currentTarget.getBoundingClientRect();
                  toggle(pointOn(event.currentTarget, event), {
                    x: TOUCH_RADIUS / (box.width || 1),
                    y: TOUCH_RADIUS / (box.height || 1),
                  });
                },
              }
            : { role: 'img', 'aria-label': image.alt }
        }
      />
      {active && (
        <div className="hotspot-field__tools">
          <span>
            {t('answering.hotspot.count', { placed: points.length, max: question.markers })}
          </span>
          {points.length > 0 && (
            <Button
              variant="secondary"
              className="button--small"
              onClick={() => {
                onChange({ type: 'hotspot', points: [] }, 'choose');
                setSaid(t('answering.hotspot.cleared'));
              }}
            >
              {t('answering.hotspot.clear')}
            </Button>
          )}
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {active ? said : ''}
      </p>
      {feedback && (
        <ul className="hotspot-field__results">
          {feedback.points.map((p, i) => (
            <li key={i}>
              {p.outcome === 'hit' ? (
                <Mark ok>
                  {labels.get(p.regionId ?? '')
                    ? t('answering.hotspot.hitNamed', {
                        n: i + 1,
                        label: labels.get(p.regionId ?? '') ?? '',
                      })
                    : t('answering.hotspot.hit', { n: i + 1 })}
                </Mark>
              ) : p.outcome === 'repeat' ? (
                // Neither right nor wrong: the region already counted for another marker.
                t('answering.hotspot.repeat', { n: i + 1 })
              ) : (
                <Mark ok={false}>{t('answering.hotspot.miss', { n: i + 1 })}</Mark>
              )}
            </li>
          ))}
          {missed > 0 && <li>{t('answering.hotspot.missed', { count: missed })}</li>}
        </ul>
      )}
    </fieldset>
  );
}

/** The answer form's widget for hotspot questions, loaded when one arrives (answer-widgets.ts). */
export const HotspotWidget = widgetFor('hotspot', HotspotField);
