/**
 * The /admin route set (SPEC.md §2): /queue for the desk, /monitor for the wall, anything else → /queue.
 * The queue needs a signed-in staff member; the monitor shows only public data and so never asks.
 */
import { Redirect, usePath } from '../router.js';
import { Loading } from '../ui/Loading.js';
import './admin.css';
import { LoginScreen } from './LoginScreen.js';
import { DialogProvider } from './Modal.js';
import { MonitorScreen } from './MonitorScreen.js';
import { QueueScreen } from './QueueScreen.js';
import { SessionLostContext } from './refusal.js';
import { useStaffSession } from './staff-session.js';

export const ADMIN_PATHS = { queue: '/admin/queue', monitor: '/admin/monitor' } as const;

function StaffQueue() {
  const { state, signIn, signOut, recheck } = useStaffSession();
  if (state.kind === 'checking') return <Loading />;
  if (state.kind === 'signedOut') return <LoginScreen onSignIn={signIn} />;
  return (
    <SessionLostContext.Provider value={recheck}>
      <DialogProvider>
        <QueueScreen username={state.username} onSignOut={signOut} onConnectionTrouble={recheck} />
      </DialogProvider>
    </SessionLostContext.Provider>
  );
}

export default function AdminApp() {
  const path = usePath().replace(/\/+$/, '');
  if (path === ADMIN_PATHS.monitor) return <MonitorScreen />;
  if (path !== ADMIN_PATHS.queue) return <Redirect to={ADMIN_PATHS.queue} />;
  return <StaffQueue />;
}
