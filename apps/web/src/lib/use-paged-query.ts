import { useState } from 'react';
import { useMutation } from './use-mutation';
import { useQuery } from './use-query';

/**
 * The first page of a cursor-paged list, cached under `key`, plus later pages fetched on demand.
 * When the first page is refetched the later ones are dropped: the cursor they continued from no
 * longer follows it.
 */
export function usePagedQuery<Page extends { nextCursor: string | null }>(
  key: string,
  fetchPage: (cursor?: string) => Promise<Page>,
) {
  const first = useQuery(key, () => fetchPage());
  const [later, setLater] = useState<{ after: Page; pages: Page[] }>();
  const more = useMutation(fetchPage);

  const pages = first.data ? [first.data, ...(later?.after === first.data ? later.pages : [])] : [];
  const nextCursor = pages.at(-1)?.nextCursor ?? null;

  const loadMore = async () => {
    const after = first.data;
    if (!after || !nextCursor) return;
    const outcome = await more.mutate(nextCursor);
    if (!outcome.ok) return;
    setLater((current) => ({
      after,
      pages: [...(current?.after === after ? current.pages : []), outcome.data],
    }));
  };

  return { first, pages, hasMore: nextCursor !== null, loadMore, more };
}
