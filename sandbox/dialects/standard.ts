import { errorResponse } from '../http/errors.js';
import type { Dialect } from './types.js';

/**
 * The sandbox's own choices (the default, and its behaviour before dialects existed): camelCase
 * records with `createdAt` in ISO 8601 UTC, `author {id, handle, displayName}`, top-level counts,
 * `moderation {state, reason}` on what an author gets back, 201 for every new write (held ones
 * too), reactions with an id, `{"error": {code, message, …}}` bodies with 400 for validation, 404
 * for a post that is gone, full pages of published posts, base64url cursors.
 */
export const standardDialect = (): Dialect => ({
  name: 'standard',
  summary: 'camelCase, ISO 8601 UTC, {"error":{code,message}}, 400 for validation, full pages (the default)',
  me: (facts) => ({ account: facts.account, scopes: facts.scopes, key: facts.key }),
  item: (record) => record,
  created: (record) => ({ status: 201, body: record }),
  reaction: (record) => ({ status: record.created ? 201 : 200, body: record }),
  heldPostsTakeSlots: false,
  pageSize: (limit) => limit,
  idOut: (internal) => internal,
  idIn: (external) => external,
  cursorOut: (cursor) => cursor,
  cursorIn: (raw) => raw,
  error: errorResponse,
  removedStatus: 404,
  budgetHeaders: 'ietf',
});
