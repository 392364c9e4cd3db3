import { createContext, use, type ReactNode } from 'react';

export interface AppLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
}
type RenderLink = (props: AppLinkProps) => ReactNode;

const plainLink: RenderLink = ({ href, className, children }) => (
  <a href={href} className={className}>
    {children}
  </a>
);

/**
 * How a shared component links to a page of the app. The app's shell provides its router's link,
 * so following it keeps the page loaded; the player's page has no router and gets a plain link.
 */
export const AppLinkContext = createContext<RenderLink>(plainLink);

export function AppLink(props: AppLinkProps) {
  const renderLink = use(AppLinkContext);
  return renderLink(props);
}
