/**
 * What an error response says, read from whatever shape the server sent: JSON with `reason`,
 * `message`, `error`, `code`, `detail`, `scope`… at any plausible depth (`{error:{code,message}}`,
 * `{errors:[{detail}]}`, `{reason}`, `{error:"…"}`), a bare JSON string, plain text or an HTML page.
 * Pure and bounded: at most {@link MAX_NODES} values are visited, so a huge body costs little.
 */
export interface ErrorBody {
  /** Machine codes (`missing_scope`, `PERMISSION_DENIED`, `key_disabled`…). */
  codes: string[];
  /** The first explicit `reason` field. */
  reason: string | undefined;
  /** The best human sentence: `message` > `detail` > `error_description` > `title` > … > plain text. */
  message: string | undefined;
  /** Scope names from explicit fields (`scope`, `scopes`, `required_scope`, `missing_scope`…). */
  scopes: string[];
  /** A wait in seconds found in the body (`retryAfterSeconds`, `retry_after`…). */
  retryAfterSeconds: number | undefined;
}

const MAX_NODES = 500;
const MAX_DEPTH = 6;
const MAX_STRING = 2000;

/** Field names (lower-cased, without `_`/`-`) holding a human sentence, best first. */
const MESSAGE_KEYS = ['message', 'detail', 'errordescription', 'errormessage', 'title', 'description', 'msg'];
const CODE_KEYS = new Set(['code', 'errorcode', 'type', 'status', 'errortype', 'kind']);
const SCOPE_KEYS = new Set([
  'scope',
  'scopes',
  'requiredscope',
  'requiredscopes',
  'missingscope',
  'missingscopes',
  'neededscope',
]);
const RETRY_KEYS = new Set(['retryafterseconds', 'retryafter', 'retryaftersecs']);

/** A string that reads like a machine code rather than a sentence: one token, no spaces. */
const CODE_LIKE = /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/;

/** Reads an error body. Never throws. */
export function readErrorBody(text: string): ErrorBody {
  const out: ErrorBody = { codes: [], reason: undefined, message: undefined, scopes: [], retryAfterSeconds: undefined };
  const trimmed = text.trim();
  if (trimmed === '') return out;
  let json: unknown;
  let isJson = false;
  if (/^[[{"]/.test(trimmed)) {
    try {
      json = JSON.parse(trimmed);
      isJson = true;
    } catch {
      isJson = false;
    }
  }
  if (!isJson) {
    out.message = trimmed.slice(0, MAX_STRING);
    return out;
  }
  if (typeof json === 'string') {
    if (CODE_LIKE.test(json)) out.codes.push(json);
    out.message = json.slice(0, MAX_STRING);
    return out;
  }
  collect(json, out);
  return out;
}

function collect(root: unknown, out: ErrorBody): void {
  let best: { rank: number; text: string } | undefined;
  // Breadth first, so that a shallow field wins over a deep one of the same kind.
  const queue: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  let visited = 0;
  for (let i = 0; i < queue.length && visited < MAX_NODES; i += 1) {
    const item = queue[i];
    if (item === undefined) break;
    const { value, depth } = item;
    visited += 1;
    if (value === null || typeof value !== 'object') continue;
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.slice(0, 50).map((v, index) => [String(index), v])
      : Object.entries(value).slice(0, 100);
    for (const [rawKey, child] of entries) {
      const key = rawKey.toLowerCase().replace(/[_-]/g, '');
      if (typeof child === 'string') {
        const str = child.slice(0, MAX_STRING);
        if (str.trim() === '') continue;
        const rank = MESSAGE_KEYS.indexOf(key);
        if (key === 'reason' && out.reason === undefined) out.reason = str;
        else if (rank >= 0 && (best === undefined || rank < best.rank)) best = { rank, text: str };
        else if (CODE_KEYS.has(key) && out.codes.length < 10) out.codes.push(str);
        else if (key === 'error') {
          // `{error:"missing_scope"}` is a code; `{error:"Key disabled by an admin"}` is a sentence.
          if (CODE_LIKE.test(str)) out.codes.push(str);
          else if (best === undefined) best = { rank: MESSAGE_KEYS.length, text: str };
        }
        if (SCOPE_KEYS.has(key)) out.scopes.push(...str.split(/[\s,]+/).filter((s) => s !== ''));
      } else if (typeof child === 'number') {
        if (RETRY_KEYS.has(key) && out.retryAfterSeconds === undefined) out.retryAfterSeconds = child;
      } else if (Array.isArray(child) && SCOPE_KEYS.has(key)) {
        for (const s of child.slice(0, 20)) if (typeof s === 'string') out.scopes.push(s);
      } else if (child !== null && typeof child === 'object' && depth < MAX_DEPTH) {
        queue.push({ value: child, depth: depth + 1 });
      }
    }
  }
  out.message = best?.text;
}

/**
 * Reads an RFC 6750 `WWW-Authenticate: Bearer error="insufficient_scope", scope="posts:write"`
 * challenge, which a real OAuth-style server may send with a 401 or 403.
 */
export function readAuthChallenge(header: string | null): { error?: string; scope?: string; description?: string } {
  if (header === null) return {};
  const value = header.slice(0, 2000);
  const param = (name: string): string | undefined => {
    const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|([^\\s,]+))`, 'i').exec(value);
    return match ? (match[1] ?? match[2]) : undefined;
  };
  return { error: param('error'), scope: param('scope'), description: param('error_description') };
}
