/**
 * A staff screen's table: one header row naming the columns, over the rows given. The audit log, the
 * messaging failures and month, the schedule's lists and the desk's queue all read this way.
 */
import type { ReactNode } from 'react';

export function StaffTable({ columns, className = 'staff-table', children }: { columns: readonly string[]; className?: string; children: ReactNode }) {
  return (
    <table className={className}>
      <thead>
        <tr>
          {columns.map((column, i) => (
            <th key={i} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
