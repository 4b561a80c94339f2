/**
 * The staff live stream (docs/api.md: GET /api/live/admin, event admin): the one wiring every staff screen
 * follows. The server ends the stream when the staff session is signed out or expires, so a drop asks the
 * staff area to check the session again; a lost one leads back to the sign-in form instead of a screen
 * that silently stopped moving.
 */
import { useContext, useEffect } from 'react';
import { type AdminSnapshot, LIVE_EVENTS } from '../../shared/schemas/live.js';
import { useLive } from '../api/live.js';
import { SessionLostContext } from './refusal.js';

export const ADMIN_STREAM_URL = '/api/live/admin';

/** The staff stream's rows are sent whole: the frame is the snapshot. */
const asSent = (frame: AdminSnapshot) => frame;

export function useAdminStream() {
  const live = useLive(ADMIN_STREAM_URL, LIVE_EVENTS.admin, asSent);
  const sessionLost = useContext(SessionLostContext);
  useEffect(() => {
    if (live.status === 'reconnecting') sessionLost();
  }, [live.status, sessionLost]);
  return live;
}
