/** Staff read the audit trail of staff actions. */
import { readAudit } from '../domain/audit.js';
import { requireStaff } from '../http/caller.js';
import type { FunctionSet } from '../http/function-def.js';

export const auditFunctions: FunctionSet<'getAuditLog'> = {
  getAuditLog: {
    async run({ limit, before }, request, deps) {
      await requireStaff(request, deps);
      return { entries: await readAudit(deps.store, limit ?? 100, before) };
    },
  },
};
