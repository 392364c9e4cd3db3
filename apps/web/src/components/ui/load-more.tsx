import type { MutationState } from '../../lib/use-mutation';
import { Button } from './button';
import { ProblemAlert } from './problem-alert';

/** The end of a paged list: why the last page failed, and a button for the next one. */
export function LoadMore({
  hasMore,
  state,
  label,
  errorTitle,
  onLoadMore,
}: {
  hasMore: boolean;
  state: MutationState<unknown>;
  label: string;
  errorTitle: string;
  onLoadMore: () => void;
}) {
  return (
    <>
      {state.status === 'error' && <ProblemAlert title={errorTitle} error={state.error} />}
      {hasMore && (
        <div>
          <Button variant="secondary" disabled={state.status === 'pending'} onClick={onLoadMore}>
            {label}
          </Button>
        </div>
      )}
    </>
  );
}
