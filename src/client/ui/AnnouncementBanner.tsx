/**
 * The clinic's announcement as a banner (issue 14): on every patient screen, the public page and the wall
 * monitor. The server drops it from the streams at its `until`; the banner also hides itself then, so a
 * screen that missed that snapshot (asleep, reconnecting) never shows a stale message.
 */
import './announcement.css';
import { useEffect, useId, useState } from 'react';
import { t } from './language.js';
import type { Announcement } from '../../shared/schemas/live.js';
import { tokyoHhmm } from '../../shared/time/tokyo.js';

/** setTimeout's longest delay; an announcement lasts at most 7 days, a timer re-arms past this. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export function useStanding(announcement: Announcement | null | undefined): Announcement | null {
  const until = announcement?.until ?? null;
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!until) return;
    const left = Date.parse(until) - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.min(left + 20, MAX_DELAY_MS));
    return () => clearTimeout(timer);
  });
  if (!announcement || (until && Date.parse(until) <= Date.now())) return null;
  return announcement;
}

export function AnnouncementBanner({ announcement, variant = 'patient' }: { announcement: Announcement | null | undefined; variant?: 'patient' | 'monitor' }) {
  const standing = useStanding(announcement);
  const labelId = useId();
  if (!standing) return null;
  return (
    <aside className={`announcement announcement-${variant}`} aria-labelledby={labelId} role="status">
      <span id={labelId} className="announcement-label">
        {t('announce.region')}
      </span>
      <span className="announcement-text">{standing.text}</span>
      {standing.until && variant === 'patient' ? (
        <span className="announcement-until">{t('announce.until', { time: tokyoHhmm(standing.until) })}</span>
      ) : null}
    </aside>
  );
}
