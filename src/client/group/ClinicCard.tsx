/**
 * One clinic at a glance: open or stopped, online reception open or not, each queue's waiting count and
 * the number now calling, and the way into its own staff screen (a one-time handoff: the server answers
 * the clinic's handoff address, and the browser goes there).
 */
import { useId, useState } from 'react';
import type { GroupClinicGlance } from '../../shared/schemas/group.js';
import { errorText, groupApi } from './api.js';
import { gt } from './labels.js';

export function ClinicCard({ clinic, onOpen = (url) => window.location.assign(url) }: { clinic: GroupClinicGlance; onOpen?(url: string): void }) {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const disabled = clinic.state === 'disabled';

  async function open() {
    setBusy(true);
    setError('');
    try {
      const { url } = await groupApi.handoff(clinic.id);
      onOpen(url);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <section className={`card group-clinic${disabled ? ' group-clinic-disabled' : ''}`} aria-labelledby={headingId}>
      <h3 id={headingId}>{clinic.name}</h3>
      <p className="group-badges">
        <span className={`group-badge ${disabled ? 'group-badge-off' : 'group-badge-on'}`}>{gt(disabled ? 'group.state.disabled' : 'group.state.open')}</span>
        {!disabled && (
          <span className={`group-badge ${clinic.receptionOpen ? 'group-badge-on' : 'group-badge-off'}`}>
            {gt(clinic.receptionOpen ? 'group.reception.open' : 'group.reception.closed')}
          </span>
        )}
      </p>
      {clinic.queues.length > 0 && (
        <table className="group-table group-queues">
          <caption className="visually-hidden">{gt('group.queues.caption', { clinic: clinic.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{gt('group.queue.name')}</th>
              <th scope="col">{gt('group.queue.waiting')}</th>
              <th scope="col">{gt('group.queue.calling')}</th>
            </tr>
          </thead>
          <tbody>
            {clinic.queues.map((q) => (
              <tr key={q.id}>
                <th scope="row">{q.name.ja}</th>
                <td className="group-figure">{gt('group.queue.waitingValue', { n: q.waiting })}</td>
                <td className="group-figure">{q.calling ?? gt('group.queue.none')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!disabled &&
        (clinic.host === null ? (
          <p>{gt('group.noHost')}</p>
        ) : (
          <button type="button" className="button primary block" disabled={busy} aria-describedby={headingId} onClick={() => void open()}>
            {busy ? gt('group.opening') : gt('group.openClinic')}
          </button>
        ))}
      {error && (
        <p className="error-line" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
