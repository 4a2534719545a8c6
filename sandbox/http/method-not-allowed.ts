import { errorResponse, failure } from './errors.js';

/** A catch-all handler for a known path: 405 with the `Allow` header listing what the path accepts. */
export function methodNotAllowed(allowed: readonly string[]) {
  return (): Response =>
    errorResponse(
      failure(
        405,
        'method_not_allowed',
        `This path accepts ${allowed.join(', ')} only.`,
        { allowed: [...allowed] },
        {
          Allow: allowed.join(', '),
        },
      ),
    );
}
