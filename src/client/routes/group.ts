/**
 * /group's routes: the group page of a group account (法人の管理者), served at the deployment's group host
 * (docs/product.md, "/group"). One page: sign-in, then every clinic the account is given.
 * Part of the client's route table: one file per route set, so each chunk carries only its own paths.
 */
export const groupPaths = {
  root: '/group/',
} as const;
