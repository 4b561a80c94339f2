/**
 * The client entry: picks the route set by the first path segment (docs/product.md, "Routes and screens") and loads only its chunk,
 * so @line/liff is fetched under /line and nowhere else.
 */
import { StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/global.css';
import { ErrorBoundary } from './ui/ErrorBoundary.js';
import { Loading } from './ui/Loading.js';
import { lazyChunk } from './ui/lazy-chunk.js';
import { NotInstalled } from './ui/NotInstalled.js';
import { isStandalone } from './ui/standalone.js';
import { applyLang, preferredLang } from './ui/language.js';
import { LanguageRoot, LanguageSwitcher } from './ui/LanguageSwitcher.js';
import { reportMissingParams, throwMissingParam } from '../shared/labels/text.js';

// On the dev server a label missing one of its parameters throws where it is looked up (tests do the same);
// a production build leaves the placeholder showing, as before.
if (import.meta.env.DEV) reportMissingParams(throwMissingParam);

const routeSets: Record<string, () => Promise<{ default: ComponentType }>> = {
  line: () => import('./line/LineApp.js'),
  pwa: () => import('./pwa/PwaApp.js'),
  web: () => import('./web/WebApp.js'),
  admin: () => import('./admin/AdminApp.js'),
  group: () => import('./group/GroupApp.js'),
};

function pick(): ComponentType {
  const first = window.location.pathname.split('/')[1] ?? '';
  const load = Object.hasOwn(routeSets, first) ? routeSets[first] : undefined;
  if (load) return lazyChunk(load);
  // The installed app opened at the site root: "not installed" would be untrue, so go home.
  if (isStandalone()) {
    window.location.replace('/pwa/');
    return Loading;
  }
  return NotInstalled;
}

const Screen = pick();
// Staff screens (the group page too) stay Japanese; every other page is a patient's and speaks their language (decision 023).
const forPatients = !['admin', 'group'].includes(window.location.pathname.split('/')[1]);
const root = createRoot(document.getElementById('root')!);

function render() {
  root.render(
    <StrictMode>
      {forPatients ? <LanguageSwitcher /> : null}
      <LanguageRoot>
        <ErrorBoundary>
          <Suspense fallback={<Loading />}>
            <Screen />
          </Suspense>
        </ErrorBoundary>
      </LanguageRoot>
    </StrictMode>,
  );
}

if (forPatients && preferredLang() !== 'ja') {
  // English readers wait for their catalogue (a small chunk) so no Japanese flashes first; a failed load
  // leaves the page Japanese rather than blank.
  applyLang(preferredLang()).then(render, render);
} else {
  render();
}
