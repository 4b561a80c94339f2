/**
 * The full list wired to the live queue. Inside a patient channel it also asks for the patient's own
 * reservation to mark their row; on /web/all there is no patient and no call beyond the public stream.
 */
import type { ReactNode } from 'react';
import { FullList } from './FullList.js';
import { useQueue } from './live-queue.js';
import { useOptionalPatient } from './patient-context.js';
import { useMyReservation } from './useMyReservation.js';

export function AllScreen({ children }: { children?: ReactNode }) {
  const patient = useOptionalPatient();
  const live = useQueue();
  const my = useMyReservation(patient?.auth ?? null, live.data?.version);
  return (
    <FullList snapshot={live.data} ownNumber={my.reservation?.reservationNumber ?? null} liveStatus={live.status}>
      {children}
    </FullList>
  );
}
