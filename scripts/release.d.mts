/** Types of release.mjs (a plain script, so `npm run release` runs without a build step). */
export function parseVersion(
  text: string,
): { major: number; minor: number; patch: number; pre: string | null } | undefined;
export function compareVersions(a: string, b: string): number;
export function releaseChangelog(text: string, version: string, date: string): string;
export function withVersion(text: string, version: string): string;
