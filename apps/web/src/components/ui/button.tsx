import type { ComponentProps } from 'react';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** Class names for anything that should look like a button, such as a router link. */
export function buttonClass(variant: ButtonVariant = 'primary', extra?: string): string {
  return ['button', `button--${variant}`, extra].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
