// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compareFiles, readTree, readZip } from '../../../scripts/zip-verify.mjs';

/** A zip archive of `files` (deflated unless `stored`), laid out as zip writers do. */
function zip(files: Record<string, string>, { stored = false, comment = '' } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const content = Buffer.from(text);
    const data = stored ? content : deflateRawSync(content);
    const nameBytes = Buffer.from(name);
    // Both headers carry method, CRC, sizes and name length in the same order, from `at` on.
    const header = (size: number, signature: number, at: number): Buffer => {
      const buffer = Buffer.alloc(size);
      buffer.writeUInt32LE(signature, 0);
      buffer.writeUInt16LE(stored ? 0 : 8, at);
      buffer.writeUInt32LE(crc32(content), at + 6);
      buffer.writeUInt32LE(data.length, at + 10);
      buffer.writeUInt32LE(content.length, at + 14);
      buffer.writeUInt16LE(nameBytes.length, at + 18);
      return buffer;
    };
    const local = header(30, 0x04034b50, 8);
    const central = header(46, 0x02014b50, 10);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(Buffer.byteLength(comment), 20);
  return Buffer.concat([...locals, directory, end, Buffer.from(comment)]);
}

const text = (files: Map<string, Buffer>) => Object.fromEntries([...files].map(([name, data]) => [name, String(data)]));

describe('zip:verify', () => {
  it('reads deflated and stored entries, with or without an archive comment; folders are left out', () => {
    const files = { 'manifest.json': '{"name":"x"}', 'chunks/a.js': 'console.log(1);'.repeat(50), 'dir/': '' };
    expect(text(readZip(zip(files)))).toEqual({ 'manifest.json': '{"name":"x"}', 'chunks/a.js': files['chunks/a.js'] });
    expect(text(readZip(zip(files, { stored: true, comment: 'made by a test' })))).toEqual(text(readZip(zip(files))));
  });

  it('refuses what is not a zip, a damaged entry, or a path that leaves the folder', () => {
    expect(() => readZip(Buffer.from('not a zip at all, just some text that is long enough'))).toThrow(/not a zip/);
    const damaged = zip({ 'a.txt': 'hello' }, { stored: true });
    damaged[damaged.indexOf('hello')] = 'j'.charCodeAt(0);
    expect(() => readZip(damaged)).toThrow(/CRC-32/);
    expect(() => readZip(zip({ '../evil.js': 'x' }))).toThrow(/unsafe path/);
  });

  it('lists every file that differs, is missing or is extra, and nothing when all match', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dc-zip-verify-test-'));
    try {
      mkdirSync(path.join(dir, 'chunks'));
      writeFileSync(path.join(dir, 'manifest.json'), '{"name":"x"}');
      writeFileSync(path.join(dir, 'chunks/a.js'), 'a();');
      writeFileSync(path.join(dir, 'extra.js'), 'e();');
      const rebuilt = readTree(dir);
      expect(
        compareFiles(
          readZip(zip({ 'manifest.json': '{"name":"x"}', 'chunks/a.js': 'a();', 'extra.js': 'e();' })),
          rebuilt,
        ),
      ).toEqual([]);
      expect(
        compareFiles(
          readZip(zip({ 'manifest.json': '{"name":"y"}', 'chunks/a.js': 'a();', 'gone.js': 'g();' })),
          rebuilt,
        ),
      ).toEqual([
        'only in the rebuild: extra.js',
        'only in the zip: gone.js',
        'differs: manifest.json (12 bytes in the zip, 12 rebuilt)',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
