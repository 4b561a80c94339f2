/**
 * The /pwa route set (docs/product.md, "/pwa"): the installable web app. Visitors in a browser tab get the install page;
 * the installed app (display-mode standalone, or navigator.standalone on iOS) gets the book, my and all
 * screens shared with LINE, above a footer, signed in with the installation's own id. The manifest link
 * and the install-prompt listener are set up as soon as this chunk loads; the worker registers on every
 * /pwa page (docs/decisions/013-pwa-worker-and-install.md).
 */
import './pwa.css';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { navigate, Redirect, usePath } from '../router.js';
import { t } from '../ui/language.js';
import { AllScreen } from '../patient/AllScreen.js';
import { Queues } from '../patient/queues/lazy.js';
import { AuthErrorCard } from '../patient/AuthErrorCard.js';
import { BookScreen } from '../patient/BookScreen.js';
import { MyScreen } from '../patient/MyScreen.js';
import { PatientContext, type PatientContextValue } from '../patient/patient-context.js';
import type { MyReservation } from '../../shared/schemas/functions.js';
import { isStandalone } from '../ui/standalone.js';
import { FooterNav } from './FooterNav.js';
import { addPwaHeadLinks } from './head-links.js';
import { captureInstallPrompt } from './install-prompt.js';
import { detectInstallPlatform } from './platform.js';
import { decidePwaRoute, tabOf, type PwaTab } from './routes.js';
import { pwaPaths } from '../routes/pwa.js';
import { useClientConfig } from './useClientConfig.js';
import { useOnline } from './useOnline.js';
import { usePwaAuth } from './usePwaAuth.js';
import { registerWorker } from './worker.js';
import { lazyChunk } from '../ui/lazy-chunk.js';
import type { InstallScreenProps } from './InstallScreen.js';
import type { PushRegionProps } from './PushRegion.js';

// Only a browser tab shows the install page, once: the installed app, which is what patients use each day,
// does not load it (its first load stays within the page-weight budget with the card's later additions).
const InstallScreen = lazyChunk<InstallScreenProps>(() => import('./InstallScreen.js').then((m) => ({ default: m.InstallScreen })));
// The notification region comes below the screen and waits for the sign-in anyway: its code need not hold up
// the first screen (PushRegion.tsx).
const PushRegion = lazyChunk<PushRegionProps>(() => import('./PushRegion.js').then((m) => ({ default: m.PushRegion })));

captureInstallPrompt();
addPwaHeadLinks();

export default function PwaApp() {
  const path = usePath();
  const [installed] = useState(isStandalone);
  useEffect(() => {
    void registerWorker();
  }, []);
  const decision = decidePwaRoute(path, installed);
  if (decision.kind === 'redirect') return <Redirect to={decision.to} />;
  if (decision.kind === 'install') return <InstallPage />;
  return <AppScreens tab={decision.tab} path={path} />;
}

function InstallPage() {
  const config = useClientConfig();
  const [platform] = useState(() => detectInstallPlatform(navigator.userAgent, navigator.maxTouchPoints ?? 0));
  return <InstallScreen platform={platform} officialAccountUrl={config?.line.officialAccountUrl ?? null} />;
}

function AppScreens({ tab, path }: { tab: PwaTab; path: string }) {
  const auth = usePwaAuth();
  const config = useClientConfig();
  const online = useOnline();
  // The router keeps the scroll position; a new tab is a new screen and starts at its top. (In braces: newer
  // Chromium's scrollTo returns a promise, which React would take for a cleanup function.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [tab]);
  // The card the take answered with serves /my once, as the take leads there; any later visit asks afresh.
  const [taken, setTaken] = useState<MyReservation | null>(null);
  useEffect(() => {
    if (tab !== 'my') setTaken(null);
  }, [tab]);
  const patient = useMemo<PatientContextValue>(
    () => ({
      channel: 'PWA',
      auth,
      paths: { book: pwaPaths.book, my: pwaPaths.my, all: pwaPaths.all },
      // The PWA has no confirmation page: the patient's own reservation is the confirmation.
      onTaken: (reservation) => {
        setTaken(reservation);
        navigate(pwaPaths.my);
      },
      onCanceled: () => {},
      taken,
    }),
    [auth, taken],
  );

  if (auth.status === 'failed') {
    return (
      <AuthErrorCard message={t('auth.failed.pwa')} detail={auth.error}>
        <button type="button" className="button block" onClick={() => window.location.reload()}>
          {t('errorScreen.reload')}
        </button>
      </AuthErrorCard>
    );
  }
  const offline = !online || auth.unreachable;
  // The screen's own content comes first, the notification region below it (PushRegion.tsx). Only the
  // offline notice, a state of the whole app, goes on top.
  return (
    <div className="pwa-app">
      {offline ? (
        <section className="pwa-notices" aria-label={t('pwa.notices')}>
          <p className="notice pwa-offline" role="status">
            {t('pwa.offline')}
          </p>
        </section>
      ) : null}
      <PatientContext.Provider value={patient}>
        {tab === 'book' ? <BookScreen /> : tab === 'my' ? <MyScreen /> : <AllScreen Queues={Queues} />}
      </PatientContext.Provider>
      <Suspense fallback={null}>
        <PushRegion auth={auth} clinicName={config?.clinicName ?? null} tab={tab} />
      </Suspense>
      <FooterNav active={tabOf(path)} />
    </div>
  );
}
