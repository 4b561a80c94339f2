/**
 * /admin/queues 「受付項目」 (decision 061): the clinic's queues (一般, 予防接種, 発熱外来, or one per doctor) as a
 * list with each one's range, online or desk only and cap; adding, editing (a dialog) and removing (asked
 * first) one; and the clinic's two choices across queues. What the server refuses is said in its own words.
 */
import { useState } from 'react';
import { t } from '../labels.js';
import { callFn } from '../../api/fn.js';
import { useDialogs } from '../Modal.js';
import { StaffNav } from '../StaffNav.js';
import { useStaffData } from '../use-staff-data.js';
import { adminPaths } from '../../routes/admin.js';
import type { QueueInfo } from '../../../shared/schemas/queues.js';
import { QUEUES_MAX } from '../../../shared/queue/queue-limits.js';
import { QueueChoicesForm } from './QueueChoicesForm.js';
import { QueueEditor } from './QueueEditor.js';
import { draftOf, newDraft, type QueueDraft } from './queue-draft.js';
import './queues.css';

const askQueues = () => callFn('getQueues', {});

function QueueRow({ queue, n, first, onEdit, onRemove }: { queue: QueueInfo; n: number; first: boolean; onEdit(): void; onRemove(): void }) {
  return (
    <tr>
      <th scope="row">
        <span className="queue-name">{queue.nameJa}</span>
        <span className="queue-name-en" lang="en">
          {queue.nameEn}
        </span>
        {first && <span className="muted">{t('queues.first')}</span>}
      </th>
      <td>{t('queues.range', { from: queue.firstNumber, to: queue.firstNumber + n - 1 })}</td>
      <td>{queue.online ? t('queues.onlineYes') : t('queues.onlineNo')}</td>
      <td>{queue.onlineCap === 0 ? t('queues.capNone') : t('queues.capValue', { n: queue.onlineCap })}</td>
      <td>{queue.hours === null ? t('queues.hoursClinic') : t('queues.hoursOwn', { n: queue.hours.length })}</td>
      <td className="queue-row-actions">
        <button type="button" className="button" aria-label={t('queues.editLabel', { name: queue.nameJa })} onClick={onEdit}>
          {t('queues.edit')}
        </button>
        {!first && (
          <button type="button" className="button danger" aria-label={t('queues.removeLabel', { name: queue.nameJa })} onClick={onRemove}>
            {t('queues.remove')}
          </button>
        )}
      </td>
    </tr>
  );
}

export default function QueuesScreen() {
  const { data, load, refuse } = useStaffData(t('queues.title'), askQueues);
  const dialogs = useDialogs();
  const [editing, setEditing] = useState<QueueDraft | null>(null);
  const [status, setStatus] = useState('');

  async function remove(queue: QueueInfo) {
    if (!(await dialogs.confirm(t('queues.removeConfirm', { name: queue.nameJa })))) return;
    setStatus('');
    try {
      await callFn('removeQueue', { id: queue.id });
      setStatus(t('queues.removed', { name: queue.nameJa }));
    } catch (err) {
      await refuse(err);
    }
    await load();
  }

  return (
    <main className="staff-page queues-page">
      <StaffNav except={adminPaths.queues} />
      <h1>{t('queues.title')}</h1>
      {!data ? (
        <p role="status">{t('queues.loading')}</p>
      ) : (
        <>
          <section className="card queue-list" aria-labelledby="queue-list">
            <h2 id="queue-list">{t('queues.list')}</h2>
            <p className="muted">{t('queues.lead', { n: data.numbersPerSession })}</p>
            <table className="queue-table">
              <thead>
                <tr>
                  <th scope="col">{t('queues.colName')}</th>
                  <th scope="col">{t('queues.colRange')}</th>
                  <th scope="col">{t('queues.colOnline')}</th>
                  <th scope="col">{t('queues.colCap')}</th>
                  <th scope="col">{t('queues.colHours')}</th>
                  <th scope="col">{t('queues.colActions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.queues.map((q, i) => (
                  <QueueRow
                    key={q.id}
                    queue={q}
                    n={data.numbersPerSession}
                    first={i === 0}
                    onEdit={() => setEditing(draftOf(q))}
                    onRemove={() => void remove(q)}
                  />
                ))}
              </tbody>
            </table>
            <div className="queue-actions">
              <button
                type="button"
                className="button primary"
                disabled={data.queues.length >= QUEUES_MAX}
                onClick={() => setEditing(newDraft(data.queues, data.numbersPerSession))}
              >
                {t('queues.add')}
              </button>
              <p className="save-ok" role="status">
                {status}
              </p>
            </div>
          </section>
          <QueueChoicesForm saved={data.choices} onSaved={() => void load()} />
          {editing && (
            <QueueEditor
              start={editing}
              n={data.numbersPerSession}
              onClose={() => setEditing(null)}
              onSaved={(name) => {
                setEditing(null);
                setStatus(t('queues.saved', { name }));
                void load();
              }}
            />
          )}
        </>
      )}
    </main>
  );
}
