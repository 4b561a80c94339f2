/** Absent when called (不在, issue 34): staff move a missing patient back, or undo it (docs/decisions/047). */
import { markAbsent, undoAbsent } from '../domain/absence/apply.js';
import type { FunctionSet } from '../http/function-def.js';

export const absenceFunctions: FunctionSet<'markAbsent' | 'undoAbsent'> = {
  markAbsent: {
    access: 'staff',
    async run({ slotId, absences }, actor, _request, deps) {
      return markAbsent({ store: deps.store, slotId, absences, actor });
    },
  },
  undoAbsent: {
    access: 'staff',
    async run({ slotId, absences }, actor, _request, deps) {
      return undoAbsent({ store: deps.store, slotId, absences, actor });
    },
  },
};
