/**
 * Each answer of a choice question has a shape and a colour, and its label: on the big screen and
 * on the phones they match, and nobody needs to tell colours apart to play.
 */
const shapes = [
  { name: 'triangle', path: 'M12 3 22 20H2Z' },
  { name: 'diamond', path: 'M12 2 22 12 12 22 2 12Z' },
  { name: 'circle', path: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Z' },
  { name: 'square', path: 'M3 3h18v18H3Z' },
  { name: 'star', path: 'm12 2 3 7h7l-5.5 4.5 2 7.5L12 16.5 5.5 21l2-7.5L2 9h7Z' },
  { name: 'hexagon', path: 'M7 3h10l5 9-5 9H7l-5-9Z' },
  { name: 'pentagon', path: 'M12 2 22 9.5 18 21H6L2 9.5Z' },
  { name: 'cross', path: 'M9 2h6v7h7v6h-7v7H9v-7H2V9h7Z' },
  { name: 'heart', path: 'M12 21 3 12a5 5 0 0 1 9-6 5 5 0 0 1 9 6Z' },
  { name: 'moon', path: 'M15 2a10 10 0 1 0 7 15A8 8 0 0 1 15 2Z' },
] as const;

export const shapeName = (index: number) => shapes[index % shapes.length]!.name;

export function Shape({ index, size = 28 }: { index: number; size?: number }) {
  return (
    <svg
      className="live-shape"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={shapes[index % shapes.length]!.path} fill="currentColor" />
    </svg>
  );
}
