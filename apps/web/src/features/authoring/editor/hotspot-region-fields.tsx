import type { HotspotRegion } from '@questa/contracts';
import { QUESTION_LIMITS } from '@questa/contracts/rules';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, FieldError } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import { round } from './hotspot-canvas';
import { NumberInput } from './number-input';

const toPercent = (fraction: number) => Math.round(fraction * 1e4) / 100;
const fromPercent = (percent: number) => round(percent / 100);

/** "10,20 30,40 …" in percent, as a polygon's corners are typed; undefined when it is not that. */
export function parseCorners(text: string): { x: number; y: number }[] | undefined {
  const pairs = text.trim().split(/\s+/);
  const points = pairs.map((pair) => {
    const [x, y, extra] = pair.split(',').map((n) => Number(n.trim()));
    return extra === undefined && Number.isFinite(x) && Number.isFinite(y)
      ? { x: fromPercent(x as number), y: fromPercent(y as number) }
      : undefined;
  });
  return points.every((p) => p !== undefined) ? points : undefined;
}

const cornersText = (points: readonly { x: number; y: number }[]) =>
  points.map((p) => `${toPercent(p.x)},${toPercent(p.y)}`).join(' ');

/** One region as number fields (percent of the image), its name, whether it is right, and Remove. */
export function HotspotRegionFields({
  region,
  index,
  issue,
  selected,
  onFocus,
  onChange,
  onRemove,
}: {
  region: HotspotRegion;
  index: number;
  issue: string | undefined;
  selected: boolean;
  onFocus: () => void;
  onChange: (region: HotspotRegion) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const n = index + 1;
  const [corners, setCorners] = useState(() =>
    region.shape === 'polygon' ? cornersText(region.points) : '',
  );
  const [cornersValid, setCornersValid] = useState(true);
  const number = (label: string, value: number, set: (value: number) => void) => (
    <Field label={label} className="hotspot-editor__number">
      {(control) => (
        <NumberInput
          {...control}
          value={toPercent(value)}
          onValueChange={(v) => set(fromPercent(v))}
        />
      )}
    </Field>
  );
  const shapeName = t(`editor.hotspot.${region.shape === 'rect' ? 'rect' : region.shape}`);

  return (
    <fieldset
      className="fieldset hotspot-editor__region"
      data-selected={selected || undefined}
      onFocus={onFocus}
    >
      <legend>{t('editor.hotspot.region', { n, shape: shapeName })}</legend>
      <div className="hotspot-editor__row">
        <Field label={t('editor.hotspot.label', { n })} className="editor-list__main">
          {(control) => (
            <input
              {...control}
              className="input"
              value={region.label}
              maxLength={QUESTION_LIMITS.textMax}
              onChange={(event) => onChange({ ...region, label: event.target.value })}
            />
          )}
        </Field>
        <label className="check">
          <input
            type="checkbox"
            checked={region.correct}
            onChange={(event) => onChange({ ...region, correct: event.target.checked })}
          />
          <span>{t('editor.hotspot.correct', { n })}</span>
        </label>
        <Button variant="secondary" className="button--small" onClick={onRemove}>
          {t('editor.hotspot.remove', { n })}
        </Button>
      </div>
      <div className="hotspot-editor__row">
        {region.shape === 'rect' && (
          <>
            {number(t('editor.hotspot.left'), region.x, (x) => onChange({ ...region, x }))}
            {number(t('editor.hotspot.top'), region.y, (y) => onChange({ ...region, y }))}
            {number(t('editor.hotspot.width'), region.width, (width) =>
              onChange({ ...region, width }),
            )}
            {number(t('editor.hotspot.height'), region.height, (height) =>
              onChange({ ...region, height }),
            )}
          </>
        )}
        {region.shape === 'circle' && (
          <>
            {number(t('editor.hotspot.centreX'), region.x, (x) => onChange({ ...region, x }))}
            {number(t('editor.hotspot.centreY'), region.y, (y) => onChange({ ...region, y }))}
            {number(t('editor.hotspot.radius'), region.radius, (radius) =>
              onChange({ ...region, radius }),
            )}
          </>
        )}
        {region.shape === 'polygon' && (
          <Field
            label={t('editor.hotspot.cornersField')}
            hint={t('editor.hotspot.cornersHint')}
            error={cornersValid ? undefined : t('editor.hotspot.cornersInvalid')}
            className="editor-list__main"
          >
            {(control) => (
              <input
                {...control}
                className="input"
                value={corners}
                onChange={(event) => {
                  setCorners(event.target.value);
                  const points = parseCorners(event.target.value);
                  setCornersValid(points !== undefined);
                  if (points) onChange({ ...region, points });
                }}
              />
            )}
          </Field>
        )}
      </div>
      <FieldError message={issue} />
    </fieldset>
  );
}
