import type { ReactNode } from 'react';
import './badge.css';

export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'premium';
  children: ReactNode;
}) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
