/** Absent when called (不在, issue 34): staff move a missing patient back, or undo it (docs/decisions/047). */
import * as absence from '../domain/absence/apply.js';
import type { FunctionDef } from '../http/function-def.js';

export const markAbsent: FunctionDef<'markAbsent'> = {
  access: 'staff',
  async run({ slotId, absences }, actor, _request, deps) {
    return absence.markAbsent({ store: deps.store, slotId, absences, actor });
  },
};

export const undoAbsent: FunctionDef<'undoAbsent'> = {
  access: 'staff',
  async run({ slotId, absences }, actor, _request, deps) {
    return absence.undoAbsent({ store: deps.store, slotId, absences, actor });
  },
};
