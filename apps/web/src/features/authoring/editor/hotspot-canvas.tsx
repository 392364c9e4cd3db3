import type { HotspotImage, HotspotRegion, ImagePoint } from '@questa/contracts';
import { useRef, useState, type MouseEvent } from 'react';
import {
  HotspotPicture,
  pointOn,
  RegionShape,
} from '../../../components/answering/hotspot-picture';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';

export type DrawTool = 'rect' | 'circle' | 'polygon';
/** A drawn region before it has an id and a correct mark. */
export type DrawnShape =
  | { shape: 'rect'; x: number; y: number; width: number; height: number }
  | { shape: 'circle'; x: number; y: number; radius: number }
  | { shape: 'polygon'; points: ImagePoint[] };

/** Four decimals: a ten-thousandth of the image, finer than any pixel an author can aim at. */
export const round = (value: number) => Math.round(value * 1e4) / 1e4;
/** A drag shorter than this (a fraction of the image) is a click, not a shape. */
const SMALLEST = 0.01;

/** The shape a drag from `from` to `to` draws; a circle's radius is a fraction of the width. */
export function shapeFromDrag(
  tool: 'rect' | 'circle',
  from: ImagePoint,
  to: ImagePoint,
  image: Pick<HotspotImage, 'width' | 'height'>,
): DrawnShape | undefined {
  if (tool === 'rect') {
    const width = round(Math.abs(to.x - from.x));
    const height = round(Math.abs(to.y - from.y));
    if (width < SMALLEST || height < SMALLEST) return undefined;
    return {
      shape: 'rect',
      x: round(Math.min(from.x, to.x)),
      y: round(Math.min(from.y, to.y)),
      width,
      height,
    };
  }
  const dx = to.x - from.x;
  const dy = ((to.y - from.y) * image.height) / image.width;
  const radius = round(Math.hypot(dx, dy));
  if (radius < SMALLEST) return undefined;
  return { shape: 'circle', x: round(from.x), y: round(from.y), radius };
}

/**
 * The image with its regions, to draw more on: drag for a rectangle or a circle (from its
 * centre), click corner after corner for a polygon. Every shape can also be added and changed
 * with the number fields beside it, which is how keyboard users draw.
 */
export function HotspotCanvas({
  image,
  regions,
  selected,
  tool,
  onDraw,
  onSelect,
}: {
  image: HotspotImage;
  regions: readonly HotspotRegion[];
  selected: string | undefined;
  tool: DrawTool;
  onDraw: (shape: DrawnShape) => void;
  /** A click on a region without drawing picks it, so its fields are easy to find. */
  onSelect: (regionId: string) => void;
}) {
  const t = useT();
  const frame = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ from: ImagePoint; to: ImagePoint; on?: string | null }>();
  const [corners, setCorners] = useState<ImagePoint[]>([]);

  const at = (event: MouseEvent<HTMLDivElement>) => pointOn(event.currentTarget, event);
  const preview =
    drag && tool !== 'polygon' ? shapeFromDrag(tool, drag.from, drag.to, image) : undefined;
  const finishPolygon = () => {
    if (corners.length >= 3) {
      onDraw({ shape: 'polygon', points: corners.map((p) => ({ x: round(p.x), y: round(p.y) })) });
    }
    setCorners([]);
  };

  return (
    <div className="hotspot-canvas">
      <HotspotPicture
        image={image}
        frameRef={frame}
        className="hotspot-picture--active"
        regions={regions.map((region) => ({
          region,
          tone: region.id === selected ? 'selected' : region.correct ? 'correct' : 'plain',
        }))}
        markers={corners.map((p, i) => ({ ...p, tone: 'neutral', label: String(i + 1) }))}
        frame={{
          onPointerDown: (event) => {
            if (tool === 'polygon' || event.button !== 0) return;
            // Read before capturing the pointer, which makes the frame every later event's target.
            const on = (event.target as Element).closest('[data-region-id]');
            event.currentTarget.setPointerCapture(event.pointerId);
            const point = at(event);
            setDrag({ from: point, to: point, on: on?.getAttribute('data-region-id') });
          },
          onPointerMove: (event) => {
            if (drag) setDrag({ ...drag, to: at(event) });
          },
          onPointerUp: (event) => {
            if (!drag || tool === 'polygon') return;
            const shape = shapeFromDrag(tool, drag.from, at(event), image);
            setDrag(undefined);
            if (shape) onDraw(shape);
            else if (drag.on) onSelect(drag.on);
          },
          onPointerCancel: () => setDrag(undefined),
          onClick: (event) => {
            if (tool !== 'polygon') return;
            const point = at(event);
            const first = corners[0];
            // A click back on the first corner closes the polygon.
            if (
              first &&
              corners.length >= 3 &&
              Math.hypot(point.x - first.x, point.y - first.y) < 0.02
            ) {
              finishPolygon();
            } else setCorners([...corners, point]);
          },
        }}
      >
        {preview && (
          <RegionShape
            region={{ ...preview, id: 'preview', correct: false, label: '' }}
            image={image}
            tone="selected"
          />
        )}
        {corners.length > 1 && (
          <polyline
            className="hotspot-region hotspot-region--selected"
            fill="none"
            points={corners.map((p) => `${p.x * image.width},${p.y * image.height}`).join(' ')}
          />
        )}
      </HotspotPicture>
      {tool === 'polygon' && corners.length > 0 && (
        <div className="hotspot-field__tools">
          <span>{t('editor.hotspot.corners', { count: corners.length })}</span>
          <Button className="button--small" disabled={corners.length < 3} onClick={finishPolygon}>
            {t('editor.hotspot.finishPolygon')}
          </Button>
          <Button variant="secondary" className="button--small" onClick={() => setCorners([])}>
            {t('editor.hotspot.cancelPolygon')}
          </Button>
        </div>
      )}
    </div>
  );
}
