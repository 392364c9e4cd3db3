import './progress-bar.css';

/** How much of a task is done, as a native progress bar a screen reader announces by `label`. */
export function ProgressBar({ label, value, max }: { label: string; value: number; max: number }) {
  return (
    <div className="progress-bar">
      <progress aria-label={label} value={value} max={max} />
      <span className="progress-bar__percent" aria-hidden="true">
        {max > 0 ? Math.round((value / max) * 100) : 0}%
      </span>
    </div>
  );
}
