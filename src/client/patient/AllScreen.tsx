/**
 * The full list wired to the live queue and the clinic calendar. Inside a patient channel it also asks for
 * the patient's own reservation to mark their row; on /web/all there is no patient, and no call beyond the
 * public stream and the public calendar. The route set passes the list (/web/all: FullList, with the week)
 * and the several queues' sections (decision 061), each from its own chunk.
 */
import type { ComponentType, ReactNode } from 'react';
import { ListView, type ListViewProps } from './ListView.js';
import { useQueue } from './live-queue.js';
import { useOptionalPatient } from './patient-context.js';
import { usePublicSchedule } from './public-schedule.js';
import { useMyReservation } from './useMyReservation.js';

export interface AllScreenProps extends Pick<ListViewProps, 'Queues'> {
  List?: ComponentType<ListViewProps & { showWeek?: boolean }>;
  showWeek?: boolean;
  children?: ReactNode;
}

export function AllScreen({ List = ListView, showWeek, Queues, children }: AllScreenProps) {
  const patient = useOptionalPatient();
  const live = useQueue();
  const my = useMyReservation(patient?.auth ?? null, live.data);
  const schedule = usePublicSchedule({ version: live.data?.scheduleVersion, onlineOn: live.data?.runtime.onlineOn });
  return (
    <List
      snapshot={live.data}
      ownNumber={my.reservation?.reservationNumber ?? null}
      liveStatus={live.status}
      schedule={schedule}
      showWeek={showWeek}
      Queues={Queues}
    >
      {children}
    </List>
  );
}
