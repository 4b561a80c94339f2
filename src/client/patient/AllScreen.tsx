/**
 * The full list wired to the live queue and the clinic calendar. Inside a patient channel it also asks for
 * the patient's own reservation to mark their row; on /web/all there is no patient, and no call beyond the
 * public stream and the public calendar.
 */
import type { ReactNode } from 'react';
import { FullList } from './FullList.js';
import { useQueue } from './live-queue.js';
import { useOptionalPatient } from './patient-context.js';
import { usePublicSchedule } from './public-schedule.js';
import { useMyReservation } from './useMyReservation.js';

export function AllScreen({ showWeek = false, children }: { showWeek?: boolean; children?: ReactNode }) {
  const patient = useOptionalPatient();
  const live = useQueue();
  const my = useMyReservation(patient?.auth ?? null, live.data);
  const schedule = usePublicSchedule({ version: live.data?.scheduleVersion, onlineOn: live.data?.runtime.onlineOn });
  return (
    <FullList
      snapshot={live.data}
      ownNumber={my.reservation?.reservationNumber ?? null}
      liveStatus={live.status}
      schedule={schedule}
      showWeek={showWeek}
    >
      {children}
    </FullList>
  );
}
