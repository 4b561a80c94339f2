/**
 * Android Chrome's install prompt (docs/product.md, "Installing"): `beforeinstallprompt` is caught, its default mini-bar is
 * prevented, and the event is kept until the patient presses our button, because `prompt()` only works from
 * a user gesture and only once. Listening starts when the /pwa chunk loads, before the manifest link is
 * added, so the event cannot fire unheard.
 */
import { useSyncExternalStore } from 'react';

/** Not in TypeScript's DOM library: Chromium-only. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

interface InstallPromptState {
  /** The kept event, until it is used (prompt() works once). */
  deferred: BeforeInstallPromptEvent | null;
  installed: boolean;
}

let state: InstallPromptState = { deferred: null, installed: false };
const listeners = new Set<() => void>();
let listening = false;

function set(next: InstallPromptState) {
  state = next;
  listeners.forEach((l) => l());
}

export function captureInstallPrompt(target: Window = window): void {
  if (listening) return;
  listening = true;
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    set({ ...state, deferred: event as BeforeInstallPromptEvent });
  });
  target.addEventListener('appinstalled', () => set({ deferred: null, installed: true }));
}

/** Shows the browser's install dialog; the kept event is spent whatever the patient answers. */
export async function promptInstall(): Promise<InstallOutcome> {
  const event = state.deferred;
  if (!event) return 'unavailable';
  set({ ...state, deferred: null });
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') set({ ...state, installed: true });
  return outcome;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallPrompt(): { canPrompt: boolean; installed: boolean } {
  const current = useSyncExternalStore(subscribe, () => state);
  return { canPrompt: current.deferred !== null, installed: current.installed };
}
