import { useRouter } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, forwardRef, type MouseEvent } from 'react';

/**
 * A link to a path known only at run time (server menu entries, tabs). The router's typed Link needs
 * route ids known at build time; this keeps a real href (open in new tab works) and navigates in-app.
 */
export const AppLink = forwardRef<
  HTMLAnchorElement,
  AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }
>(function AppLink({ to, onClick, ...rest }, ref) {
  const router = useRouter();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || modified || event.button !== 0 || rest.target) return;
    event.preventDefault();
    router.history.push(to);
  };
  return <a ref={ref} href={to} onClick={click} {...rest} />;
});
