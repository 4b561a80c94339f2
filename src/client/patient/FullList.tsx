/**
 * The full list as the public page shows it (/web/all): ListView with the week ahead. The patient channels use
 * ListView itself, so their first load does not carry a week they never show.
 */
import { ListView, type ListViewProps } from './ListView.js';
import { WeekAhead } from './WeekAhead.js';

export interface FullListProps extends Omit<ListViewProps, 'Week'> {
  /** The public page also shows the week ahead. */
  showWeek?: boolean;
}

export function FullList({ showWeek = false, ...props }: FullListProps) {
  return <ListView {...props} Week={showWeek ? WeekAhead : undefined} />;
}
