import { algebraBank } from './banks/algebra';
import { chemistryBank } from './banks/chemistry';
import { geographyBank } from './banks/geography';
import { shapesBank } from './banks/shapes';
import { unitsBank } from './banks/units';
import type { DemoContent } from './types';

export type { DemoBank, DemoContent, DemoMedia, DemoQuestion } from './types';
export { mediaRef } from './writer';

export const DEMO_TENANT = { slug: 'questa-demo', name: 'Questa Demo' } as const;

/**
 * Questa's demo tenant, banks and images, built from the data tables in this package.
 * Pure and deterministic: every call returns equal content.
 */
export function generateDemoContent(): DemoContent {
  const shapes = shapesBank();
  return {
    tenant: { ...DEMO_TENANT },
    banks: [geographyBank(), chemistryBank(), unitsBank(), shapes.bank, algebraBank()],
    media: shapes.media,
  };
}
