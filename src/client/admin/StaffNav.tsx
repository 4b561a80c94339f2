/**
 * Links between the signed-in staff pages; the current one is marked for screen readers. A session opened
 * from the group page also links back to it.
 */
import { createContext, useContext } from 'react';
import { t } from './labels.js';
import { Link, usePath } from '../router.js';
import { type AdminPath, adminPaths } from '../routes/admin.js';

/**
 * The group page's address, when this session came from a group account's handoff (GET /api/staff/me's
 * groupUrl). Here rather than in staff-session.ts: the lazy staff pages import this file, and a context there
 * would split the session module off the desk's first chunk.
 */
export const GroupUrlContext = createContext<string | undefined>(undefined);

export const STAFF_PAGES = [
  { path: adminPaths.queue, label: 'admin.navQueue' },
  { path: adminPaths.messages, label: 'admin.navMessages' },
  { path: adminPaths.audit, label: 'admin.navAudit' },
  { path: adminPaths.stats, label: 'admin.navStats' },
  { path: adminPaths.schedule, label: 'admin.navSchedule' },
  { path: adminPaths.arrival, label: 'admin.navArrival' },
  { path: adminPaths.queues, label: 'admin.navQueues' },
] as const;

export function StaffNav({ except }: { except?: AdminPath }) {
  const path = usePath();
  const groupUrl = useContext(GroupUrlContext);
  return (
    <nav className="staff-nav" aria-label={t('admin.title')}>
      {STAFF_PAGES.filter((p) => p.path !== except).map((p) => (
        <Link key={p.path} to={p.path} aria-current={path === p.path ? 'page' : undefined}>
          {t(p.label)}
        </Link>
      ))}
      {/* A session a group account's handoff opened: back to the group page, to switch clinics (another host, so a plain link). */}
      {groupUrl && <a href={groupUrl}>{t('staffNav.group')}</a>}
    </nav>
  );
}
