import type { ApiError } from '../../../lib/api-client';

/**
 * The fields a server refused and why, under a failed save's alert: the form checks what it can
 * before sending, so what reaches here is a rule only the server knows (a code already in use).
 */
export function ServerFieldErrors({ error }: { error: ApiError }) {
  if (error.fieldErrors.length === 0) return null;
  return (
    <ul className="billing-server-errors">
      {error.fieldErrors.map((entry) => (
        <li key={`${entry.field}:${entry.message}`}>
          <span className="table__mono">{entry.field.replace(/^body\./, '')}</span> {entry.message}
        </li>
      ))}
    </ul>
  );
}
