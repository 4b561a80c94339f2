/**
 * The announcement banner for patient screens that do not follow the queue otherwise (/line/reserved,
 * /line/closed): it opens the public stream only for this. Without EventSource it shows nothing rather
 * than break a confirmation page over an extra.
 */
import { AnnouncementBanner } from '../ui/AnnouncementBanner.js';
import { useQueue } from './live-queue.js';

function Following() {
  const live = useQueue();
  return <AnnouncementBanner announcement={live.data?.announcement} />;
}

export function LiveAnnouncement() {
  return typeof EventSource === 'undefined' ? null : <Following />;
}
