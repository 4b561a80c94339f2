/**
 * The /line route set (docs/product.md): LINE's mini-app. Order matters here. First the client configuration;
 * then, inside the LIFF browser, liff.init (LIFF restores the page from the link inside init: nothing may
 * route or rewrite the URL before it resolves, or a liff.state link breaks); only then the routing rules by device, and sign-in for the
 * screens that need it.
 */
import { use, useEffect, useMemo, useState } from 'react';
import { navigate, Redirect, usePath, useSearch } from '../router.js';
import { t } from '../ui/language.js';
import type { ClientConfig } from '../../shared/schemas/functions.js';
import { AllScreen } from '../patient/AllScreen.js';
import { Queues } from '../patient/queues/lazy.js';
import { AuthErrorCard } from '../patient/AuthErrorCard.js';
import { BookScreen } from '../patient/BookScreen.js';
import { ClosedScreen } from '../patient/ClosedScreen.js';
import { loadClientConfig } from '../patient/client-config.js';
import { MyScreen } from '../patient/MyScreen.js';
import { PatientContext, type PatientContextValue } from '../patient/patient-context.js';
import { Loading } from '../ui/Loading.js';
import type { LineAuthError } from './auth-error.js';
import type { LiffSdk } from './liff.js';
import { followMove, forgetReservation, rememberReservation } from './latest-reservation.js';
import { OpenInLine } from './OpenInLine.js';
import { liffIdFor } from '../../shared/line/liff-apps.js';
import { decideLineRoute, detectDevice, type DeviceKind, pageOf, SIGNED_IN_PAGES } from './platform.js';
import { linePaths } from '../routes/line.js';
import { ReservedScreen } from './ReservedScreen.js';
import { useLiff } from './useLiff.js';
import { AddFriendNotice } from './AddFriendNotice.js';
import './line.css';
import { type LineAuth, useLineAuth } from './useLineAuth.js';

export default function LineApp() {
  const config = use(loadClientConfig());
  const [device] = useState<DeviceKind>(() => detectDevice(navigator.userAgent, navigator.maxTouchPoints ?? 0));
  // The page's own LIFF app when it has one. Reading the path is safe before init; changing it is not.
  const liff = useLiff(device === 'liff' ? liffIdFor(pageOf(window.location.pathname), config.line) : null);
  if (liff.status === 'pending') return <Loading />;
  if (liff.status === 'failed') return <LineAuthFailed error={liff.error} />;
  return <LineRoutes config={config} device={device} liff={liff.sdk} />;
}

function LineRoutes({ config, device, liff }: { config: ClientConfig; device: DeviceKind; liff: LiffSdk | null }) {
  const path = usePath();
  const search = useSearch();
  const decision = decideLineRoute({ path, search, device, clinicSiteUrl: config.clinicSiteUrl });
  const page = decision.kind === 'page' ? decision.page : null;
  const auth = useLineAuth({ active: page !== null && SIGNED_IN_PAGES.has(page), page, line: config.line, liff });
  const patient = useLinePatient(auth, config.line.serviceMessages ? liff : null);

  if (decision.kind === 'external') return <LeaveFor url={decision.url} />;
  if (decision.kind === 'redirect') return <Redirect to={decision.to} />;
  if (SIGNED_IN_PAGES.has(decision.page) && auth.status === 'failed') {
    return <LineAuthFailed error={auth.error} onRetry={auth.retry} />;
  }
  switch (decision.page) {
    case 'callback':
      return <SigningIn />;
    case 'book':
    case 'my':
    case 'all':
      return (
        <PatientContext.Provider value={patient}>
          {auth.friendFlag === false && config.line.officialAccountUrl && (
            <AddFriendNotice officialAccountUrl={config.line.officialAccountUrl} />
          )}
          {decision.page === 'book' ? <BookScreen /> : decision.page === 'my' ? <MyScreen /> : <AllScreen Queues={Queues} />}
        </PatientContext.Provider>
      );
    case 'reserved':
      return <ReservedScreen />;
    case 'closed':
      return <ClosedScreen />;
    case 'openInLine':
      return <OpenInLine apps={config.line} officialAccountUrl={config.line.officialAccountUrl} />;
  }
}

function useLinePatient(auth: LineAuth, miniApp: LiffSdk | null): PatientContextValue {
  return useMemo(
    () => ({
      channel: 'LINE',
      auth,
      liffAccessToken: miniApp ? () => miniApp.getAccessToken() : undefined,
      paths: { book: linePaths.book, my: linePaths.my, all: linePaths.all },
      onTaken(reservation, family) {
        rememberReservation(reservation, family);
        navigate(linePaths.reserved);
      },
      onCanceled(reservation) {
        forgetReservation(reservation.slotId);
      },
      onCard: followMove,
    }),
    [auth, miniApp],
  );
}

/** Desktop visitors go to the clinic's own site; replace() so Back does not bounce them here again. */
function LeaveFor({ url }: { url: string }) {
  useEffect(() => window.location.replace(url), [url]);
  return <Loading />;
}

function SigningIn() {
  return (
    <main className="page patient">
      <p className="loading" role="status">
        {t('auth.signingIn')}
      </p>
    </main>
  );
}

function LineAuthFailed({ error, onRetry }: { error: LineAuthError | null; onRetry?: () => void }) {
  return (
    <AuthErrorCard message={t('auth.failed.line')} detail={error?.detail}>
      {onRetry ? (
        <button type="button" className="button block" onClick={onRetry}>
          {t('auth.retry')}
        </button>
      ) : null}
    </AuthErrorCard>
  );
}
