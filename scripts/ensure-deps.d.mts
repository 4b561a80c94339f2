/** Types of ensure-deps.mjs, for the tests that import it. */
export function missingPackages(root?: string): string[];
export function ensureDependencies(root?: string): void;
