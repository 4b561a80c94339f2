/** /admin/audit: the trail of staff actions (who, what, when, before → after), newest first, paged back. */
import { useCallback, useEffect, useState } from 'react';
import type { AuditEntry } from '../../../shared/schemas/functions.js';
import { staffLabels, type StaffKey } from '../../../shared/labels/staff.js';
import { t } from '../labels.js';
import { callFn } from '../../api/fn.js';
import { useRefusal } from '../refusal.js';
import { StaffNav } from '../StaffNav.js';
import { adminPaths } from '../../routes/admin.js';
import { tokyoDateTime } from '../../../shared/time/tokyo.js';
import { StaffTable } from '../StaffTable.js';

const PAGE = 100;

function actionLabel(action: string): string {
  const key = `audit.action.${action}`;
  return key in staffLabels.ja ? t(key as StaffKey) : action;
}

/** "hold: 0 → 1" for each field that changed; whole values when only one side exists. */
export function describeChange(before: unknown, after: unknown): string {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .map((k) => (k in b ? `${k}: ${JSON.stringify(b[k])} → ${JSON.stringify(a[k])}` : `${k}: ${JSON.stringify(a[k])}`))
    .join(', ');
}

export function AuditScreen() {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [more, setMore] = useState(false);
  const refuse = useRefusal();

  const load = useCallback(
    async (before?: string) => {
      try {
        const page = (await callFn('getAuditLog', before ? { limit: PAGE, before } : { limit: PAGE })).entries;
        setEntries((list) => (before && list ? [...list, ...page] : page));
        setMore(page.length === PAGE);
      } catch (err) {
        await refuse(err);
      }
    },
    [refuse],
  );

  useEffect(() => {
    document.title = t('audit.title');
    void load();
  }, [load]);

  return (
    <main className="staff-page">
      <StaffNav except={adminPaths.audit} />
      <h1>{t('audit.title')}</h1>
      {entries && entries.length === 0 && <p>{t('audit.none')}</p>}
      {entries && entries.length > 0 && (
        <StaffTable
          columns={[
            t('audit.colAt'),
            t('audit.colStaff'),
            t('audit.colAction'),
            t('audit.colTarget'),
            t('audit.colChange'),
          ]}
        >
          {entries.map((e, i) => (
            <tr key={`${e.at}-${i}`}>
              <td>{tokyoDateTime(e.at)}</td>
              <td>{e.username}</td>
              <td>{actionLabel(e.action)}</td>
              <td>{e.target?.split(' ')[0] ?? ''}</td>
              <td className="audit-change">{describeChange(e.before, e.after)}</td>
            </tr>
          ))}
        </StaffTable>
      )}
      {more && entries && (
        <button type="button" className="button" onClick={() => void load(entries[entries.length - 1].at)}>
          {t('audit.more')}
        </button>
      )}
    </main>
  );
}
