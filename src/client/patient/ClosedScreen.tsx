/** The closed card on a page of its own (/line/closed): the calendar fetched here; the live
 * stream only for the clinic's announcement. */
import { ClosedCard } from './ClosedCard.js';
import { LiveAnnouncement } from './LiveAnnouncement.js';
import { usePublicSchedule } from './public-schedule.js';

export function ClosedScreen() {
  const schedule = usePublicSchedule();
  return (
    <main className="page patient">
      <LiveAnnouncement />
      <ClosedCard headingLevel={1} schedule={schedule} />
    </main>
  );
}
