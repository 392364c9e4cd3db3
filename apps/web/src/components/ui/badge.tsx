import type { ReactNode } from 'react';
import './badge.css';

export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'premium' | 'info' | 'success' | 'danger';
  children: ReactNode;
}) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
