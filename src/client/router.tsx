/**
 * A router of a few lines: the route sets need only a path, navigation and links. react-router would add
 * more script than the rest of a patient screen (docs/decisions/007-client-routing-and-weight.md).
 */
import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
function notify() {
  listeners.forEach((l) => l());
}
if (typeof window !== 'undefined') window.addEventListener('popstate', notify);

export function navigate(to: string, options: { replace?: boolean } = {}) {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current path, re-rendering on navigation. */
export function usePath(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** The current query string as URLSearchParams (re-read on navigation). */
export function useSearch(): URLSearchParams {
  const search = useSyncExternalStore(subscribe, () => window.location.search);
  return new URLSearchParams(search);
}

export function Link({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return (
    <a
      href={to}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(to);
      }}
      {...rest}
    />
  );
}

/** Renders nothing and replaces the location: redirects inside a route set. */
export function Redirect({ to }: { to: string }) {
  queueMicrotask(() => navigate(to, { replace: true }));
  return null;
}
