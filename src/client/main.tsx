/**
 * The client entry: picks the route set by the first path segment (SPEC.md §2) and loads only its chunk,
 * so @line/liff is fetched under /line and nowhere else.
 */
import { StrictMode, lazy, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { NotInstalled } from './ui/NotInstalled.js';

const routeSets: Record<string, () => Promise<{ default: ComponentType }>> = {};

function pick(): ComponentType {
  const first = window.location.pathname.split('/')[1] ?? '';
  const load = routeSets[first];
  return load ? lazy(load) : NotInstalled;
}

const Screen = pick();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={null}>
      <Screen />
    </Suspense>
  </StrictMode>,
);
