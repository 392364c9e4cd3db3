import { Skeleton } from '../../../components/ui/skeleton';

/** Placeholder rows while a table's data loads, announced once by `label`. */
export function LoadingRows({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" className="admin-loading">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height="2.5rem" />
      ))}
    </div>
  );
}
