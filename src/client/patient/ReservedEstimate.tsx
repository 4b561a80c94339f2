/**
 * The live part of the screen just after reserving (issue 14): who is being seen and this patient's
 * estimated wait, from the public queue stream, found by the number just taken.
 */
import { useQueue } from './live-queue.js';
import { NowCalling, OwnEstimate } from './WaitEstimate.js';

export function ReservedEstimate({ reservationNumber }: { reservationNumber: number }) {
  const live = useQueue();
  const row = live.data?.queue.find((r) => r.reservationNumber === reservationNumber);
  if (!live.data || !row) return null;
  return (
    <>
      <NowCalling n={live.data.nowCalling} />
      <OwnEstimate estimate={live.data.estimate} ahead={row.ahead} hold={row.hold} />
    </>
  );
}
