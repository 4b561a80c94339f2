/**
 * The group page's labels: its own small catalogue (group.ts) in Japanese, as every staff screen reads
 * (docs/decisions/023). Not the staff catalogue: the group page's chunk stays free of the desk's texts.
 */
import { groupJa, type GroupKey } from '../../shared/labels/group.js';
import { label, type Params } from '../../shared/labels/text.js';

export function gt(key: GroupKey, params?: Params): string {
  return label({ ja: groupJa }, 'ja', key, params);
}
