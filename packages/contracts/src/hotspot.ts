import { z } from 'zod';
import { regionFits } from './rules/hotspot';
import { QUESTION_LIMITS as L } from './rules/questions';

/*
 * The parts of a hotspot question: an image and regions on it. Every coordinate is a fraction of
 * the image's width (x) or height (y), 0 at the top left and 1 at the bottom right, so a region
 * stays on the same spot however large the image is shown.
 */

/** A fraction of the image's width or height. */
export const imageFraction = z.number().finite().min(0).max(1);

/** A spot on the image: also what a learner's marker is. */
export const imagePoint = z.strictObject({ x: imageFraction, y: imageFraction });
export type ImagePoint = z.infer<typeof imagePoint>;

export const hotspotImage = z.strictObject({
  /** The uploaded image; the question's `media` lists it too. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** What the image shows, for learners who cannot see it. */
  alt: z.string().trim().min(1).max(L.textMax),
  /** The image's natural size: the learner's layout box and QTI's pixel coordinates use it. */
  width: z.number().int().min(1).max(L.imagePixelsMax),
  height: z.number().int().min(1).max(L.imagePixelsMax),
});
export type HotspotImage = z.infer<typeof hotspotImage>;

const regionCommon = {
  id: z.string().min(1).max(L.idMax),
  /** Whether a marker here is right. */
  correct: z.boolean(),
  /** A name for the region in feedback and in the editor's list ("the left ventricle"). */
  label: z.string().trim().max(L.textMax).default(''),
};

export const hotspotRegion = z.discriminatedUnion('shape', [
  z
    .strictObject({
      ...regionCommon,
      shape: z.literal('rect'),
      /** The top left corner. */
      x: imageFraction,
      y: imageFraction,
      width: z.number().finite().min(L.hotspotRegionMin).max(1),
      height: z.number().finite().min(L.hotspotRegionMin).max(1),
    })
    .refine(regionFits, { error: 'the rectangle must lie inside the image' }),
  z.strictObject({
    ...regionCommon,
    shape: z.literal('circle'),
    /** The centre; the circle may reach past the image's edge. */
    x: imageFraction,
    y: imageFraction,
    /** A fraction of the image's width, so the circle stays round on a wide or tall image. */
    radius: z.number().finite().min(L.hotspotRegionMin).max(1),
  }),
  z
    .strictObject({
      ...regionCommon,
      shape: z.literal('polygon'),
      /** Corners in order; the last joins the first. Crossing edges follow the even-odd rule. */
      points: z.array(imagePoint).min(L.polygonPointsMin).max(L.polygonPointsMax),
    })
    .refine(regionFits, { path: ['points'], error: 'the polygon must enclose an area' }),
]);
export type HotspotRegion = z.infer<typeof hotspotRegion>;
export type HotspotShape = HotspotRegion['shape'];
export type HotspotRegionInput = z.input<typeof hotspotRegion>;
