/**
 * /pwa's routes (docs/product.md, "/pwa").
 * Part of the client's route table: one file per route set, so each chunk carries only its own paths.
 */
// Three copies stay literal, because /pwa's first load is at its budget (build/budget.ts) and reading this
// object costs bytes there: the entry's redirect (main.tsx), the worker's scope (pwa/worker.ts) and the
// push link (pwa/push.ts, the same as the server's in notify/deliverer.ts and public/pwa/sw.js).
export const pwaPaths = {
  /** The installed app's start, and the service worker's scope. */
  root: '/pwa/',
  install: '/pwa/install',
  book: '/pwa/book',
  my: '/pwa/my',
  all: '/pwa/all',
} as const;
