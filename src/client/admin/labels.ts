/**
 * The staff screens' labels: the catalogue helper bound to the staff catalogue, whose only language is
 * Japanese (docs/decisions/023), so components need not pass one.
 */
import { staffLabels, type StaffKey } from '../../shared/labels/staff.js';
import { label, type Params } from '../../shared/labels/text.js';

export function t(key: StaffKey, params?: Params): string {
  return label(staffLabels, 'ja', key, params);
}
