/**
 * The clinics this process serves (decision 078): the operator's list of clinics and hosts, read from the
 * store at start and again every few seconds (or at once, at most once a second, when a host nobody listed
 * asks), and a running runtime for every clinic that is not disabled. A clinic added with `npm run clinic`
 * is served within seconds by every process; a disabled or removed one has its runtime stopped (its streams
 * end, its timers stop) and its hosts answer "closed" or nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../storage/port.js';
import { type ClinicDirectory, clinicForHost, type HostVerdict } from './host-rule.js';
import type { ClinicIdentity } from './clinic-config.js';
import type { ClinicRuntime } from './runtime.js';

export interface ClinicRegistry {
  /** The open clinic `host` reaches, as last read; undefined for one unknown, disabled or not yet started. */
  runtimeFor(host: string): ClinicRuntime | undefined;
  verdict(host: string): HostVerdict;
  /**
   * Resolves after a reading of the list that began after the call: at once, or (the list read less than a
   * second ago) a second after the last one, shared by every caller meanwhile.
   */
  refreshSoon(): Promise<void>;
  refresh(): Promise<void>;
  /** Every running runtime (the webhook's settling, the metrics' viewer count, shutdown). */
  runtimes(): ClinicRuntime[];
  /** Ends every stream (preClose), then `close` stops every runtime. */
  closeStreams(): void;
  close(): Promise<void>;
}

export interface RegistryOptions {
  store: Store;
  /** Makes a clinic's runtime; `identity` is what the list says of it. */
  start(store: Store, identity: ClinicIdentity): Promise<ClinicRuntime>;
  log: FastifyBaseLogger;
  refreshMs?: number;
}

const SOON_MS = 1_000;

export async function openClinicRegistry({ store, start, log, refreshMs = 10_000 }: RegistryOptions): Promise<ClinicRegistry> {
  let directory: ClinicDirectory = { hosts: new Map(), clinics: new Map() };
  // Each runtime with what it was made from: a renamed clinic, or one whose settings changed, gets a new one.
  const running = new Map<string, { runtime: ClinicRuntime; made: string }>();
  let reading: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  let lastRead = 0;
  let closed = false;

  async function read(): Promise<void> {
    const [clinics, hosts, stamps] = await Promise.all([
      store.deployment.selectFrom('clinics').select(['id', 'name', 'disabled_at']).execute(),
      store.deployment.selectFrom('clinic_hosts').select(['host', 'clinic_id']).execute(),
      store.deployment.selectFrom('line_channels').select(['clinic_id', 'updated_at']).execute(),
    ]);
    const stampOf = new Map(stamps.map((s) => [s.clinic_id, s.updated_at]));
    const open = clinics.filter((c) => c.disabled_at === null);
    for (const clinic of open) {
      const identity = { id: clinic.id, name: clinic.name, settingsStamp: stampOf.get(clinic.id) ?? null };
      const made = JSON.stringify(identity);
      const now = running.get(clinic.id);
      if (now?.made === made) continue;
      if (closed) return;
      // The store the app was given serves its own clinic as itself (tests write through it beside the app).
      const runtime = await start(clinic.id === store.clinic ? store : store.forClinic(clinic.id), identity);
      running.set(clinic.id, { runtime, made });
      if (now) stopLater(now.runtime);
    }
    const stillOpen = new Set(open.map((c) => c.id));
    for (const [id, { runtime }] of running) {
      if (stillOpen.has(id)) continue;
      running.delete(id);
      stopLater(runtime);
    }
    directory = {
      hosts: new Map(hosts.map((h) => [h.host, h.clinic_id])),
      clinics: new Map(clinics.map((c) => [c.id, { disabled: c.disabled_at !== null }])),
    };
  }
  function stopLater(runtime: ClinicRuntime) {
    runtime.stop().catch((err: unknown) => log.error({ err, clinic: runtime.id }, 'a clinic runtime did not stop cleanly'));
  }
  function refresh(): Promise<void> {
    reading ??= read().finally(() => {
      lastRead = Date.now();
      reading = null;
    });
    return reading;
  }

  await refresh();
  const timer = setInterval(() => {
    refresh().catch((err: unknown) => log.warn({ err }, 'the list of clinics could not be read; the last one stays'));
  }, refreshMs);
  timer.unref();

  const verdict = (host: string) => clinicForHost(host, directory);
  return {
    verdict,
    runtimeFor(host) {
      const found = verdict(host);
      return found.kind === 'open' ? running.get(found.clinic)?.runtime : undefined;
    },
    refreshSoon() {
      // A reading under way may have read the list before the caller's clinic was added: the next one counts.
      const wait = Math.max(0, lastRead + SOON_MS - Date.now());
      if (!reading && wait === 0) return refresh();
      next ??= new Promise<void>((resolve) => setTimeout(resolve, wait))
        .then(() => reading)
        .then(() => {
          next = null;
          return refresh();
        });
      return next;
    },
    refresh,
    runtimes: () => [...running.values()].map((r) => r.runtime),
    closeStreams() {
      for (const { runtime } of running.values()) runtime.closeStreams();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await reading?.catch(() => undefined);
      await Promise.all([...running.values()].map(({ runtime }) => runtime.stop()));
      running.clear();
    },
  };
}
