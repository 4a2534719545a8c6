// Runs `web-ext lint` on the Firefox build as addons.mozilla.org does for a listed add-on (not
// `--self-hosted`, which skips the store's own checks) and fails on any error or warning: a store
// submission should need no explanation. Notices are printed, not fatal.
import { spawnSync } from 'node:child_process';

const result = spawnSync(
  'npx',
  ['web-ext', 'lint', '--source-dir', '.output/firefox-mv2', '--output', 'json', '--no-config-discovery'],
  { encoding: 'utf8' },
);
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  console.error(result.stdout, result.stderr);
  console.error('web-ext lint did not produce a report.');
  process.exit(1);
}
const { errors, warnings, notices } = report.summary;
for (const message of [...report.errors, ...report.warnings, ...report.notices]) {
  console.log(`${message._type}: ${message.code} ${message.file ?? ''} — ${message.message}`);
}
console.log(`web-ext lint: ${errors} errors, ${warnings} warnings, ${notices} notices`);
process.exit(errors === 0 && warnings === 0 ? 0 : 1);
