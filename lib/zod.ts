import { z } from 'zod';

/**
 * zod, as the extension's code uses it: every value import of zod goes through this module, so
 * this runs before any schema is built. `jitless` keeps zod from compiling object parsers with
 * `new Function` (an extension page's CSP forbids it anyway, and add-on reviewers flag it); zod
 * reads the setting when a schema is built, hence here. The build also takes zod's eval code out
 * of the bundles (`withoutEvalOrHtmlSinks` in wxt.config.ts), since `jitless` leaves it unreachable.
 */
z.config({ jitless: true });

export { z };
