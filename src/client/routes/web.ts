/**
 * /web's one route (docs/product.md, "/web").
 * Part of the client's route table: one file per route set, so each chunk carries only its own paths.
 */
export const webPaths = {
  all: '/web/all',
} as const;
