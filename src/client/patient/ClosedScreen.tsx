/** The closed card on a page of its own (/line/closed): the calendar fetched here; the live
 * stream only for the clinic's announcement and why online reception closed early (issue 35). */
import { AnnouncementBanner } from '../ui/AnnouncementBanner.js';
import { ClosedCard } from './ClosedCard.js';
import { useQueue } from './live-queue.js';
import { type ScheduleState, usePublicSchedule } from './public-schedule.js';

function Following({ schedule }: { schedule: ScheduleState }) {
  const live = useQueue();
  return (
    <>
      <AnnouncementBanner announcement={live.data?.announcement} />
      <ClosedCard headingLevel={1} schedule={schedule} late={live.data?.onlineClosedReason === 'late'} />
    </>
  );
}

export function ClosedScreen() {
  const schedule = usePublicSchedule();
  return (
    <main className="page patient">
      {/* Without EventSource the card stands alone rather than break the page over an extra. */}
      {typeof EventSource === 'undefined' ? <ClosedCard headingLevel={1} schedule={schedule} /> : <Following schedule={schedule} />}
    </main>
  );
}
