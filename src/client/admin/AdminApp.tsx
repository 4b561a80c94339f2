/**
 * The /admin route set (docs/product.md, "/admin"): /queue for the desk, /monitor for the wall, /messages and /audit for
 * the clinic's notices and the staff audit trail, /schedule for the clinic calendar, /stats for the statistics
 * (its own lazy chunk, with the chart library), /arrival for absences and check-in (its own lazy chunk, with
 * the QR code library), /queues for the clinic's queues 「受付項目」 (its own lazy chunk), /kiosk for the entrance
 * kiosk (its own lazy chunk, decision 072), /handoff where a group account's handoff arrives (its own lazy chunk); anything else
 * → /queue. The queue needs a signed-in staff member; the monitor shows only public data and so never asks;
 * the kiosk signs in with its own credential; the handoff signs in with its one-time token.
 */
import { Suspense } from 'react';
import { Redirect, usePath } from '../router.js';
import { adminPaths } from '../routes/admin.js';
import { lazyChunk } from '../ui/lazy-chunk.js';
import { Loading } from '../ui/Loading.js';
import './admin.css';
import { LoginScreen } from './LoginScreen.js';
import { DialogProvider } from './Modal.js';
import { MonitorScreen } from './monitor/MonitorScreen.js';
import { QueueScreen } from './queue/QueueScreen.js';
import { MessagingScreen } from './messaging/MessagingScreen.js';
import { AuditScreen } from './audit/AuditScreen.js';
import { ScheduleScreen } from './schedule/ScheduleScreen.js';
import { SessionLostContext } from './refusal.js';
import { useStaffSession } from './staff-session.js';
import { GroupUrlContext } from './StaffNav.js';

const StatsScreen = lazyChunk(() => import('./stats/StatsScreen.js'));
const ArrivalScreen = lazyChunk(() => import('./arrival/ArrivalScreen.js'));
const QueuesScreen = lazyChunk(() => import('./queues/QueuesScreen.js'));
const KioskApp = lazyChunk(() => import('./kiosk/KioskApp.js'));
// Visited once per handoff, so its own small chunk: the desk's first load does not carry it.
const HandoffScreen = lazyChunk(() => import('./HandoffScreen.js'));

function StaffArea({ path }: { path: string }) {
  const { state, signIn, signOut, recheck } = useStaffSession();
  if (state.kind === 'checking') return <Loading />;
  if (state.kind === 'signedOut') return <LoginScreen onSignIn={signIn} />;
  return (
    <SessionLostContext.Provider value={recheck}>
      <GroupUrlContext.Provider value={state.groupUrl}>
        <DialogProvider>
          {path === adminPaths.messages && <MessagingScreen />}
          {path === adminPaths.audit && <AuditScreen />}
          {path === adminPaths.stats && (
            <Suspense fallback={<Loading />}>
              <StatsScreen />
            </Suspense>
          )}
          {path === adminPaths.arrival && (
            <Suspense fallback={<Loading />}>
              <ArrivalScreen />
            </Suspense>
          )}
          {path === adminPaths.queues && (
            <Suspense fallback={<Loading />}>
              <QueuesScreen />
            </Suspense>
          )}
          {path === adminPaths.schedule && <ScheduleScreen />}
          {path === adminPaths.queue && (
            <QueueScreen username={state.username} onSignOut={signOut} />
          )}
        </DialogProvider>
      </GroupUrlContext.Provider>
    </SessionLostContext.Provider>
  );
}

export default function AdminApp() {
  const path = usePath().replace(/\/+$/, '');
  if (path === adminPaths.monitor) return <MonitorScreen />;
  // A group account's handoff (its token in the fragment) signs in here, before any staff session exists.
  if (path === adminPaths.handoff)
    return (
      <Suspense fallback={<Loading />}>
        <HandoffScreen />
      </Suspense>
    );
  // The entrance kiosk (decision 072) signs in with its own credential, not a staff session: its own chunk.
  if (path === adminPaths.kiosk)
    return (
      <Suspense fallback={<Loading />}>
        <KioskApp />
      </Suspense>
    );
  const staffPages: string[] = Object.values(adminPaths).filter((p) => p !== adminPaths.monitor && p !== adminPaths.kiosk && p !== adminPaths.handoff);
  if (!staffPages.includes(path)) return <Redirect to={adminPaths.queue} />;
  return <StaffArea path={path} />;
}
