/** DATA_DIR when unset. Its own module: main.ts needs it before config.ts (and zod) is loaded. */
export const DEFAULT_DATA_DIR = './data';
