import type { HotspotImage, HotspotRegion, ImagePoint } from '@questa/contracts';
import type { ComponentProps, ReactNode, Ref } from 'react';
import { mediaUrl } from '../../lib/markdown/media-url';
import './hotspot.css';

/** How a region is drawn: a right one, a right one nobody hit, any other, or the one being edited. */
export type RegionTone = 'correct' | 'missed' | 'plain' | 'selected';
/** How a marker is drawn: on a right region, beside every right region, or not graded yet. */
export type MarkerTone = 'hit' | 'miss' | 'neutral';

export interface DrawnRegion {
  region: HotspotRegion;
  tone: RegionTone;
}

export interface DrawnMarker extends ImagePoint {
  tone: MarkerTone;
  /** The marker's number, which texts beside the image refer to. */
  label: string;
}

/** A region as an SVG shape in the image's own pixels, so circles stay round at any size. */
export function RegionShape({
  region,
  image,
  tone,
}: {
  region: HotspotRegion;
  image: Pick<HotspotImage, 'width' | 'height'>;
  tone: RegionTone;
}) {
  const { width: w, height: h } = image;
  const className = `hotspot-region hotspot-region--${tone}`;
  const id = { 'data-region-id': region.id };
  switch (region.shape) {
    case 'rect':
      return (
        <rect
          {...id}
          className={className}
          x={region.x * w}
          y={region.y * h}
          width={region.width * w}
          height={region.height * h}
        />
      );
    case 'circle':
      return (
        <circle
          {...id}
          className={className}
          cx={region.x * w}
          cy={region.y * h}
          r={region.radius * w}
        />
      );
    case 'polygon':
      return (
        <polygon
          {...id}
          className={className}
          points={region.points.map((p) => `${p.x * w},${p.y * h}`).join(' ')}
        />
      );
  }
}

const percent = (value: number) => `${value * 100}%`;

/**
 * An image with regions drawn over it and markers placed on it. The frame keeps the image's
 * proportions before the file loads, so coordinates are fractions of the frame whatever its size.
 * `frame` takes the props of the element that answers clicks and keys.
 */
export function HotspotPicture({
  image,
  regions = [],
  markers = [],
  cursor,
  children,
  frame,
  frameRef,
  className = '',
}: {
  image: HotspotImage;
  regions?: readonly DrawnRegion[];
  markers?: readonly DrawnMarker[];
  /** The keyboard's crosshair. */
  cursor?: ImagePoint | undefined;
  /** More SVG drawn over the regions (a shape being drawn). */
  children?: ReactNode;
  frame?: ComponentProps<'div'>;
  frameRef?: Ref<HTMLDivElement>;
  className?: string;
}) {
  return (
    <div
      {...frame}
      ref={frameRef}
      className={`hotspot-picture ${className} ${frame?.className ?? ''}`}
      style={{ aspectRatio: `${image.width} / ${image.height}`, maxWidth: image.width }}
    >
      {image.sha256 && (
        <img
          className="hotspot-picture__image"
          src={mediaUrl(`media:${image.sha256}`)}
          // A frame with a role names itself after the image; the image would say it twice.
          alt={frame?.role ? '' : image.alt}
          draggable={false}
        />
      )}
      <svg
        className="hotspot-picture__overlay"
        viewBox={`0 0 ${image.width} ${image.height}`}
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        {regions.map(({ region, tone }) => (
          <RegionShape key={region.id} region={region} image={image} tone={tone} />
        ))}
        {children}
      </svg>
      {cursor && (
        <span
          className="hotspot-cursor"
          style={{ left: percent(cursor.x), top: percent(cursor.y) }}
          aria-hidden="true"
        />
      )}
      {markers.map((marker, index) => (
        <span
          key={`${index}-${marker.x}-${marker.y}`}
          className={`hotspot-marker hotspot-marker--${marker.tone}`}
          style={{ left: percent(marker.x), top: percent(marker.y) }}
          aria-hidden="true"
        >
          {marker.label}
        </span>
      ))}
    </div>
  );
}

/** Where a pointer event falls on `element`, as fractions of its size, kept inside it. */
export function pointOn(element: Element, event: { clientX: number; clientY: number }): ImagePoint {
  const box = element.getBoundingClientRect();
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  return {
    x: clamp((event.clientX - box.left) / (box.width || 1)),
    y: clamp((event.clientY - box.top) / (box.height || 1)),
  };
}
