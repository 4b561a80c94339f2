/**
 * /admin's routes (docs/product.md, "/admin").
 * Part of the client's route table: one file per route set, so each chunk carries only its own paths.
 */
export const adminPaths = {
  queue: '/admin/queue',
  monitor: '/admin/monitor',
  messages: '/admin/messages',
  audit: '/admin/audit',
  stats: '/admin/stats',
  schedule: '/admin/schedule',
  arrival: '/admin/arrival',
  queues: '/admin/queues',
  kiosk: '/admin/kiosk',
  /** A group account's one-time handoff arrives here, its token in the fragment (src/shared/schemas/group.ts). */
  handoff: '/admin/handoff',
} as const;

export type AdminPath = (typeof adminPaths)[keyof typeof adminPaths];
