/**
 * Small inline icons for the channel a reservation came through. Inline SVG: no extra request, crisp at
 * any zoom, and named for screen readers from the catalogue. Colours keep 3:1 against white (WCAG 1.4.11).
 */
import { t } from '../labels.js';
import type { PatientChannel } from '../../../shared/queue/slot.js';

export function ChannelIcon({ channel }: { channel: PatientChannel }) {
  const label = t(channel === 'LINE' ? 'admin.channel.LINE' : 'admin.channel.PWA');
  if (channel === 'LINE') {
    return (
      <svg className="channel-icon" viewBox="0 0 24 24" width="24" height="24" role="img" aria-label={label}>
        <title>{label}</title>
        <rect width="24" height="24" rx="6" fill="#00833c" />
        {/* a speech bubble: the messaging app */}
        <path
          d="M12 4.5c-4.7 0-8.5 3-8.5 6.8 0 3.4 3 6.2 7.1 6.7.3.1.6.2.7.5v1.9c0 .5.5.8.9.5 1.3-.9 5.4-3.6 7-6 .9-1.1 1.3-2.3 1.3-3.6 0-3.8-3.8-6.8-8.5-6.8z"
          fill="#fff"
        />
        <text x="12" y="13.6" textAnchor="middle" fontSize="5.2" fontWeight="700" fill="#00833c" fontFamily="sans-serif">
          LINE
        </text>
      </svg>
    );
  }
  return (
    <svg className="channel-icon" viewBox="0 0 24 24" width="24" height="24" role="img" aria-label={label}>
      <title>{label}</title>
      <rect width="24" height="24" rx="6" fill="#4b14a8" />
      {/* a phone with a home-screen app: the installed web app */}
      <rect x="7" y="3.5" width="10" height="17" rx="2" fill="none" stroke="#fff" strokeWidth="1.6" />
      <rect x="9.5" y="7" width="5" height="5" rx="1.2" fill="#fff" />
      <circle cx="12" cy="17.5" r="1" fill="#fff" />
    </svg>
  );
}
