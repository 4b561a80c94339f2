/**
 * /admin/messages: how this month's notices went, per kind (issue 37): as a LINE MINI App service message,
 * a LINE push or a Web Push, or failed; and the LINE pushes the service messages saved (docs/decisions/051).
 */
import type { NoticeMonth } from '../../../shared/schemas/functions.js';
import { t } from '../labels.js';
import { StaffTable } from '../StaffTable.js';

export function NoticeMonthPanel({ month }: { month: NoticeMonth }) {
  return (
    <section className="card" aria-labelledby="notice-month">
      <h2 id="notice-month">{t('messages.month.title')}</h2>
      {month.serviceConfigured ? (
        <>
          <p className="staff-figure">{t('messages.month.saved', { n: month.pushesSaved })}</p>
          {/* Decision 057: shown only when it happened, since every one of them is worth a look. */}
          {Boolean(month.liffTokensRefused) && <p className="notice">{t('messages.month.liffRefused', { n: month.liffTokensRefused ?? 0 })}</p>}
        </>
      ) : (
        <p className="notice">{t('messages.month.serviceOff')}</p>
      )}
      <StaffTable
        columns={[
          t('messages.month.colKind'),
          t('messages.month.colService'),
          t('messages.month.colLinePush'),
          t('messages.month.colWebPush'),
          t('messages.month.colFailed'),
        ]}
      >
        {month.byKind.map((k) => (
          <tr key={k.kind}>
            <th scope="row">{t(`messages.kind.${k.kind}`)}</th>
            <td>{k.service}</td>
            <td>{k.linePush}</td>
            <td>{k.webPush}</td>
            <td>{k.failed}</td>
          </tr>
        ))}
      </StaffTable>
      <p className="muted">{t('messages.month.note')}</p>
    </section>
  );
}
