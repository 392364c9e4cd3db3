import type { CSSProperties } from 'react';
import './skeleton.css';

/** A placeholder shape shown while content loads; hidden from assistive technology. */
export function Skeleton({
  width,
  height = '1em',
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
}) {
  return <span className="skeleton" style={{ width, height }} aria-hidden="true" />;
}
