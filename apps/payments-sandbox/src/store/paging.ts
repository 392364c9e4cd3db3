/**
 * Stripe's list endpoints page newest first with `starting_after` (older than an id) or
 * `ending_before` (newer than an id, still shown newest first). The rows are ordered by `seq`, the
 * order the sandbox stored them in, so a cursor is a comparison with the cursor row's `seq`.
 */
export interface PageQuery {
  limit: number;
  startingAfter?: string | undefined;
  endingBefore?: string | undefined;
}

/** What one repository query must fetch: rows on one side of the cursor, in `order`, at most `take`. */
export interface PageWindow {
  cursor: { op: '<' | '>'; id: string } | undefined;
  order: 'asc' | 'desc';
  take: number;
}

export async function pageNewestFirst<Row>(
  query: PageQuery,
  fetch: (window: PageWindow) => Promise<Row[]>,
): Promise<{ rows: Row[]; hasMore: boolean }> {
  // Paging backwards reads the rows just newer than the cursor oldest first, then turns them round.
  const backwards = query.endingBefore !== undefined;
  const id = query.endingBefore ?? query.startingAfter;
  // One row more than asked tells whether another page follows.
  const rows = await fetch({
    cursor: id === undefined ? undefined : { op: backwards ? '>' : '<', id },
    order: backwards ? 'asc' : 'desc',
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return { rows: backwards ? page.reverse() : page, hasMore: rows.length > query.limit };
}
