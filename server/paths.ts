/**
 * A file that ships with cardchat (not one under DATA_DIR), by its path from the project's root.
 * This module sits one folder below the root in the sources (server/paths.ts), and so does the
 * compiled server, which is one bundle (build/server.mjs, see scripts/start.mjs): the same relative
 * URL finds the root in both.
 */
export const projectFile = (relative: string): URL => new URL(`../${relative}`, import.meta.url);
