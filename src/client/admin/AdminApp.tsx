/**
 * The /admin route set (docs/product.md, "/admin"): /queue for the desk, /monitor for the wall, /messages and /audit for
 * the clinic's notices and the staff audit trail, /schedule for the clinic calendar, /stats for the statistics
 * (its own lazy chunk, with the chart library), /arrival for absences and check-in (its own lazy chunk, with
 * the QR code library); anything else → /queue.
 * The queue needs a signed-in staff member; the monitor shows only public data and so never asks.
 */
import { Suspense } from 'react';
import { Redirect, usePath } from '../router.js';
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

const StatsScreen = lazyChunk(() => import('./stats/StatsScreen.js'));
const ArrivalScreen = lazyChunk(() => import('./arrival/ArrivalScreen.js'));

export const ADMIN_PATHS = {
  queue: '/admin/queue',
  monitor: '/admin/monitor',
  messages: '/admin/messages',
  audit: '/admin/audit',
  stats: '/admin/stats',
  schedule: '/admin/schedule',
  arrival: '/admin/arrival',
} as const;

function StaffArea({ path }: { path: string }) {
  const { state, signIn, signOut, recheck } = useStaffSession();
  if (state.kind === 'checking') return <Loading />;
  if (state.kind === 'signedOut') return <LoginScreen onSignIn={signIn} />;
  return (
    <SessionLostContext.Provider value={recheck}>
      <DialogProvider>
        {path === ADMIN_PATHS.messages && <MessagingScreen />}
        {path === ADMIN_PATHS.audit && <AuditScreen />}
        {path === ADMIN_PATHS.stats && (
          <Suspense fallback={<Loading />}>
            <StatsScreen />
          </Suspense>
        )}
        {path === ADMIN_PATHS.arrival && (
          <Suspense fallback={<Loading />}>
            <ArrivalScreen />
          </Suspense>
        )}
        {path === ADMIN_PATHS.schedule && <ScheduleScreen />}
        {path === ADMIN_PATHS.queue && (
          <QueueScreen username={state.username} onSignOut={signOut} />
        )}
      </DialogProvider>
    </SessionLostContext.Provider>
  );
}

export default function AdminApp() {
  const path = usePath().replace(/\/+$/, '');
  if (path === ADMIN_PATHS.monitor) return <MonitorScreen />;
  const staffPages: string[] = Object.values(ADMIN_PATHS).filter((p) => p !== ADMIN_PATHS.monitor);
  if (!staffPages.includes(path)) return <Redirect to={ADMIN_PATHS.queue} />;
  return <StaffArea path={path} />;
}
