import type { SlugCheck } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { config } from '../../../lib/config';
import { useQuery } from '../../../lib/use-query';

/** Whether a workspace address is free, asked of the question database through the main API. */
export function checkSlug(slug: string): Promise<SlugCheck> {
  return apiRequest<SlugCheck>(`/slug-check?${new URLSearchParams({ slug })}`, {
    base: config.questionDbBase,
  });
}

export function useSlugCheck(slug: string) {
  return useQuery(`workspaces/slug-check/${slug}`, () => checkSlug(slug));
}
