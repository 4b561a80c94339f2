/**
 * The service worker at /pwa/sw.js with scope /pwa/ (decision 013). Registered on every /pwa page, the install
 * page included, so the app shell is cached before the patient first opens the installed app offline.
 */
export const WORKER_URL = '/pwa/sw.js';
export const WORKER_SCOPE = '/pwa/';
/** How long we wait for the worker before a push sign-up gives up with a reason. */
export const WORKER_READY_TIMEOUT_MS = 10_000;

/** A browser promise that never settled in time (worker install, push service registration). */
export class TimeoutError extends Error {
  constructor(what: string) {
    super(`${what} timed out`);
    this.name = 'TimeoutError';
  }
}

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

export function workerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/** Registers once per page; a failure (private mode, old browser) only costs offline start and push. */
export function registerWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!workerSupported()) return Promise.resolve(null);
  registration ??= navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE }).catch(() => null);
  return registration;
}

/** The active registration, or a TimeoutError after the limit: `ready` never settles if install fails. */
export function workerReady(timeoutMs = WORKER_READY_TIMEOUT_MS): Promise<ServiceWorkerRegistration> {
  if (!workerSupported()) return Promise.reject(new TimeoutError('service worker ready'));
  void registerWorker();
  return withTimeout(navigator.serviceWorker.ready, timeoutMs, () => new TimeoutError('service worker ready'));
}

export function withTimeout<T>(promise: Promise<T>, ms: number, error: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(error()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
