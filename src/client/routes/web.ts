/**
 * /web's routes: the public list, and a printed ticket's own page (docs/decisions/068) (docs/product.md, "/web").
 * Part of the client's route table: one file per route set, so each chunk carries only its own paths.
 */
export const webPaths = {
  all: '/web/all',
  /** The token follows in the fragment: `/web/ticket#t=…`. */
  ticket: '/web/ticket',
} as const;
