import { missingPrerequisites } from './support/browsers';

/** Fails the run at once, with one line per fix, when a browser or the build is missing. */
export default function globalSetup(): void {
  const missing = missingPrerequisites();
  if (missing.length > 0) throw new Error(missing.join('\n'));
}
