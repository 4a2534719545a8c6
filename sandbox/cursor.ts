import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Timeline cursors: an opaque base64url token naming the last sequence number seen, signed with a
 * per-database secret so that a tampered cursor is refused instead of silently jumping elsewhere.
 */
export class CursorCodec {
  constructor(private readonly secret: string) {}

  encode(seq: number): string {
    const payload = `1.${seq}`;
    return Buffer.from(`${payload}.${this.tag(payload)}`, 'utf8').toString('base64url');
  }

  /** The sequence number a cursor names, or undefined when it is garbage, tampered or foreign. */
  decode(token: string): number | undefined {
    if (token.length === 0 || token.length > 200 || !/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
    const bytes = Buffer.from(token, 'base64url');
    // Non-canonical spellings (changed padding bits) decode to the same bytes; refuse them as tampered.
    if (bytes.toString('base64url') !== token) return undefined;
    const parts = bytes.toString('utf8').split('.');
    if (parts.length !== 3 || parts[0] !== '1') return undefined;
    const [, seqText = '', tag = ''] = parts;
    if (!/^[1-9][0-9]{0,15}$/.test(seqText)) return undefined;
    const seq = Number(seqText);
    if (!Number.isSafeInteger(seq)) return undefined;
    const expected = Buffer.from(this.tag(`1.${seqText}`));
    const given = Buffer.from(tag);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    return seq;
  }

  private tag(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url').slice(0, 16);
  }
}
