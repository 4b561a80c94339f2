/** Links between the signed-in staff pages; the current one is marked for screen readers. */
import { t } from './labels.js';
import { Link, usePath } from '../router.js';

export const STAFF_PAGES = [
  { path: '/admin/queue', label: 'admin.navQueue' },
  { path: '/admin/messages', label: 'admin.navMessages' },
  { path: '/admin/audit', label: 'admin.navAudit' },
  { path: '/admin/stats', label: 'admin.navStats' },
  { path: '/admin/schedule', label: 'admin.navSchedule' },
  { path: '/admin/arrival', label: 'admin.navArrival' },
] as const;

export function StaffNav({ except }: { except?: string }) {
  const path = usePath();
  return (
    <nav className="staff-nav" aria-label={t('admin.title')}>
      {STAFF_PAGES.filter((p) => p.path !== except).map((p) => (
        <Link key={p.path} to={p.path} aria-current={path === p.path ? 'page' : undefined}>
          {t(p.label)}
        </Link>
      ))}
    </nav>
  );
}
