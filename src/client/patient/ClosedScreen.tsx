/** The closed card on a page of its own (/line/closed): the calendar fetched here, no live stream. */
import { ClosedCard } from './ClosedCard.js';
import { usePublicSchedule } from './public-schedule.js';

export function ClosedScreen() {
  const schedule = usePublicSchedule();
  return (
    <main className="page patient">
      <ClosedCard headingLevel={1} schedule={schedule} />
    </main>
  );
}
