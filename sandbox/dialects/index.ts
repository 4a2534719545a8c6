import { resourceDialect } from './resource.js';
import { snakeDialect } from './snake.js';
import { standardDialect } from './standard.js';
import type { Dialect } from './types.js';

export type { Answer, Dialect, MeFacts } from './types.js';

/** Every dialect by name; each call makes a fresh one (its own id map). */
export const DIALECTS: Record<string, () => Dialect> = {
  standard: standardDialect,
  snake: snakeDialect,
  resource: resourceDialect,
};

export const DIALECT_NAMES = Object.keys(DIALECTS);

/** The dialect a sandbox speaks now; tests switch it (`POST /__sandbox/dialect`). */
export class DialectHolder {
  private dialect: Dialect;

  constructor(name = 'standard') {
    this.dialect = makeDialect(name);
  }

  get current(): Dialect {
    return this.dialect;
  }

  /** Switches to `name` (a fresh id map); false when there is no such dialect. */
  use(name: string): boolean {
    if (!Object.hasOwn(DIALECTS, name)) return false;
    this.dialect = makeDialect(name);
    return true;
  }
}

function makeDialect(name: string): Dialect {
  const make = Object.hasOwn(DIALECTS, name) ? DIALECTS[name] : undefined;
  if (make === undefined) throw new Error(`Unknown dialect "${name}"; use one of ${DIALECT_NAMES.join(', ')}.`);
  return make();
}
