/**
 * The clinics' figures side by side: one row per figure, one column per clinic. In a box of its own that
 * scrolls sideways on a phone, so the page itself never does (and the box can be reached by keyboard).
 */
import type { GroupClinicGlance } from '../../shared/schemas/group.js';
import { statsRange, statsRows } from './group-view.js';
import { gt } from './labels.js';

export function GroupStatsTable({ clinics }: { clinics: readonly GroupClinicGlance[] }) {
  const range = statsRange(clinics);
  const caption = range ? gt('group.stats.caption', range) : gt('group.stats.title');
  return (
    <div className="group-table-box" tabIndex={0} role="region" aria-label={caption}>
      <table className="group-table group-stats">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{gt('group.stats.item')}</th>
            {clinics.map((c) => (
              <th scope="col" key={c.id}>
                {c.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {statsRows(clinics).map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {row.values.map((v, i) => (
                <td key={clinics[i].id}>{v}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
