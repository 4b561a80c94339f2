/** The left column of the staff screen: the controls a receptionist reaches for between patients. */
import type { AdminSnapshot } from '../../../shared/schemas/live.js';
import { t } from '../labels.js';
import type { LiveStatus } from '../../api/live.js';
import { Clock } from '../Clock.js';
import { NewReception } from './NewReception.js';
import { ReceptionSwitches } from './ReceptionSwitches.js';
import type { Sound } from './sound.js';
import { StaffNav } from '../StaffNav.js';
import { adminPaths } from '../../routes/admin.js';
import type { QueueFilter } from '../several-queues.js';
import type { QueueLive } from '../../../shared/schemas/live.js';

export interface SidebarProps {
  snapshot: AdminSnapshot | null;
  status: LiveStatus;
  showDone: boolean;
  onShowDone(on: boolean): void;
  sound: Sound;
  username: string;
  onSignOut(): void;
  /** The clinic's queues when it has several, and the desk's filter among them (decision 061). */
  queues?: readonly QueueLive[] | null;
  filter?: QueueFilter;
}

export function Sidebar({ snapshot, status, showDone, onShowDone, sound, username, onSignOut, queues, filter }: SidebarProps) {
  return (
    <aside className="admin-sidebar">
      <h1 className="admin-title">{t('admin.title')}</h1>
      <Clock className="admin-clock" />
      {status !== 'live' && (
        <p className="live-status" role="status">
          {status === 'connecting' ? t('admin.connecting') : t('admin.reconnecting')}
        </p>
      )}
      {sound.soundOn && sound.blocked && (
        <button type="button" className="button block enable-sound" onClick={() => void sound.play()}>
          {t('admin.enableSound')}
        </button>
      )}
      <NewReception snapshot={snapshot} status={status} queues={queues} filter={filter} />
      <ReceptionSwitches runtime={snapshot?.runtime ?? null} />
      <div className="admin-checks">
        <label className="check">
          <input type="checkbox" checked={showDone} onChange={(e) => onShowDone(e.currentTarget.checked)} />
          <span>{t('admin.showDone')}</span>
        </label>
        <label className="check">
          <input type="checkbox" checked={sound.soundOn} onChange={(e) => sound.setSoundOn(e.currentTarget.checked)} />
          <span>{t('admin.sound')}</span>
        </label>
      </div>
      <div className="admin-account">
        <StaffNav except={adminPaths.queue} />
        <a href={adminPaths.monitor} target="_blank" rel="noopener">
          {t('admin.openMonitor')}
        </a>
        <p className="muted">{t('admin.signedInAs', { name: username })}</p>
        <button type="button" className="button block" onClick={onSignOut}>
          {t('admin.logout')}
        </button>
      </div>
    </aside>
  );
}
