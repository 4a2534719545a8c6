/** Types of zip-verify.mjs (a plain script, so `npm run zip:verify` runs without a build step). */
export function readZip(buffer: Buffer): Map<string, Buffer>;
export function readTree(dir: string): Map<string, Buffer>;
export function compareFiles(packaged: Map<string, Buffer>, rebuilt: Map<string, Buffer>): string[];
