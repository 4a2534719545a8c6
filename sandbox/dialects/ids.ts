import { createHash } from 'node:crypto';

/**
 * The ids a dialect gives out for the sandbox's own (`p_…`, `c_…`, `r_…`), and back: a two-way
 * map filled as records go out. A request naming an id this dialect never gave out is unknown.
 */
export class IdRegistry<T extends string | number> {
  private readonly outward = new Map<string, T>();
  private readonly inward = new Map<string, string>();

  constructor(private readonly make: (internal: string, index: number) => T) {}

  out(internal: string): T {
    let external = this.outward.get(internal);
    if (external === undefined) {
      external = this.make(internal, this.outward.size);
      this.outward.set(internal, external);
      this.inward.set(String(external), internal);
    }
    return external;
  }

  in(external: string): string | undefined {
    return this.inward.get(external);
  }
}

/** Whole numbers from 1001 up, in the order records are first seen. */
export const numericIds = () => new IdRegistry<number>((_internal, index) => 1001 + index);

/** A version-5-style UUID made from the sandbox id (the same id always gives the same UUID). */
export const uuidIds = () =>
  new IdRegistry<string>((internal) => {
    const hex = createHash('sha1').update(`debate-sandbox:${internal}`).digest('hex');
    const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  });
