/**
 * The group page's overview (decision 081): every clinic the account is given, each read through its own
 * clinic's store and runtime (so nothing of one clinic is read by another's statements), side by side.
 */
import type { StatsPeriod } from '../../shared/schemas/stats.js';
import type { GroupClinicGlance, GroupOverview } from '../../shared/schemas/group.js';
import { publicQueue, waitCountIn } from '../../shared/queue/rules.js';
import { isOnlineOpen } from '../../shared/queue/reception-switches.js';
import type { Store } from '../storage/port.js';
import type { ClinicRegistry } from '../clinics/registry.js';
import type { ClinicRuntime } from '../clinics/runtime.js';
import { loadQueueState } from '../domain/queue-state.js';
import { readStats } from '../domain/stats/queries.js';
import type { GroupAccount } from './apply.js';

interface Given {
  id: string;
  name: string | null;
  disabled: boolean;
  host: string | null;
}

/** The clinics given to the account, in the order of their ids, with each one's first host by name. */
export async function givenClinics(store: Store, accountId: string): Promise<Given[]> {
  const rows = await store.deployment
    .selectFrom('group_account_clinics')
    .innerJoin('clinics', 'clinics.id', 'group_account_clinics.clinic_id')
    .select(['clinics.id', 'clinics.name', 'clinics.disabled_at'])
    .where('group_account_clinics.group_account_id', '=', accountId)
    .orderBy('clinics.id')
    .execute();
  if (rows.length === 0) return [];
  const hosts = await store.deployment
    .selectFrom('clinic_hosts')
    .select(['host', 'clinic_id'])
    .where('clinic_id', 'in', rows.map((r) => r.id))
    .orderBy('host')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    disabled: r.disabled_at !== null,
    host: hosts.find((h) => h.clinic_id === r.id)?.host ?? null,
  }));
}

export async function readOverview(
  store: Store,
  registry: ClinicRegistry,
  account: GroupAccount,
  period: StatsPeriod,
  date: string,
): Promise<GroupOverview> {
  const given = await givenClinics(store, account.id);
  const running = () => new Map(registry.runtimes().map((r) => [r.id, r]));
  let runtimes = running();
  // A clinic enabled or added a moment ago may not be running in this process yet: the list is read again once.
  if (given.some((c) => !c.disabled && !runtimes.has(c.id))) {
    await registry.refreshSoon();
    runtimes = running();
  }
  const clinics = await Promise.all(given.map((c) => glance(store, c, runtimes.get(c.id), period, date)));
  return { username: account.username, period, date, clinics };
}

async function glance(store: Store, clinic: Given, runtime: ClinicRuntime | undefined, period: StatsPeriod, date: string): Promise<GroupClinicGlance> {
  const fallbackName = clinic.name ?? clinic.id;
  if (clinic.disabled) {
    return { id: clinic.id, name: fallbackName, host: clinic.host, state: 'disabled', receptionOpen: false, queues: [], stats: null };
  }
  const own = runtime?.deps.store ?? store.forClinic(clinic.id);
  const [state, stats] = await Promise.all([loadQueueState(own), readStats(own, period, date)]);
  const rows = publicQueue(state.slots);
  const queues = await Promise.all(
    state.queues.map(async (q) => {
      const live = runtime ? await runtime.deps.estimator(state, q.id) : null;
      return {
        id: q.id,
        name: { ja: q.name_ja, en: q.name_en },
        waiting: waitCountIn(rows, q.id),
        calling: live?.nowCalling == null ? null : String(live.nowCalling),
      };
    }),
  );
  return {
    id: clinic.id,
    // The clinic's own name for patients (its setting over the operator's), as its runtime was made with it.
    name: runtime?.deps.config.CLINIC_NAME || fallbackName,
    host: clinic.host,
    state: 'open',
    receptionOpen: isOnlineOpen(state.runtime),
    queues,
    stats: stats.current,
  };
}
