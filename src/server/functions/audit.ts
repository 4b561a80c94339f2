/** Staff read the audit trail of staff actions. */
import { readAudit } from '../domain/audit.js';
import type { FunctionDef } from '../http/function-def.js';

export const getAuditLog: FunctionDef<'getAuditLog'> = {
  access: 'staff',
  async run({ limit, before }, _staff, _request, deps) {
    return { entries: await readAudit(deps.store, limit ?? 100, before) };
  },
};
