/** Staff read the audit trail of staff actions. */
import { readAudit } from '../domain/audit.js';
import type { FunctionSet } from '../http/function-def.js';

export const auditFunctions: FunctionSet<'getAuditLog'> = {
  getAuditLog: {
    access: 'staff',
    async run({ limit, before }, _staff, _request, deps) {
      return { entries: await readAudit(deps.store, limit ?? 100, before) };
    },
  },
};
