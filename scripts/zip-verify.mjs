// `npm run zip:verify`: does the sources zip (what Mozilla's reviewers get) build exactly the store
// packages? Unpacks `.output/<name>-<version>-sources.zip` into a temporary folder, installs the
// dependencies there, runs `npm run build`, and compares the rebuilt `.output/chrome-mv3` and
// `.output/firefox-mv2` with the Chrome and Firefox zips, byte for byte. Lists every difference and
// exits 1 on any. Run `npm run zip` first.
//
//   --npm-ci   install with `npm ci` in the temporary folder, as the reviewers' notes say (needs the
//              npm registry). Default: a symbolic link to this project's node_modules (offline,
//              same lock file, seconds instead of minutes).
//   --keep     keep the temporary folder (its path is printed).
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32, inflateRawSync } from 'node:zlib';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The files of a zip archive (name → content); folders are left out. Stored and deflated entries. */
export function readZip(buffer) {
  // The end-of-central-directory record: 22 bytes, then a comment of up to 65,535.
  let end = -1;
  for (let at = buffer.length - 22; at >= Math.max(0, buffer.length - 22 - 0xffff); at -= 1) {
    if (buffer.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip archive (no end of central directory)');
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const files = new Map();
  for (let i = 0; i < count; i += 1) {
    if (buffer.readUInt32LE(at) !== CENTRAL) throw new Error(`damaged central directory at entry ${i}`);
    const method = buffer.readUInt16LE(at + 10);
    const checksum = buffer.readUInt32LE(at + 16);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const size = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if (name.split('/').some((part) => part === '..' || part === '') || path.isAbsolute(name)) {
      throw new Error(`unsafe path in the archive: ${name}`);
    }
    if (buffer.readUInt32LE(local) !== LOCAL) throw new Error(`damaged local header of ${name}`);
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const raw = buffer.subarray(start, start + compressedSize);
    let content;
    if (method === 0) content = Buffer.from(raw);
    else if (method === 8) content = inflateRawSync(raw);
    else throw new Error(`${name}: compression method ${method} is not supported`);
    if (content.length !== size) throw new Error(`${name}: ${content.length} bytes unpacked, ${size} expected`);
    if (crc32(content) !== checksum) throw new Error(`${name}: damaged (CRC-32 does not match)`);
    files.set(name, content);
  }
  return files;
}

/** The files under `dir` (relative path with `/` → content). */
export function readTree(dir) {
  const files = new Map();
  const walk = (sub) => {
    for (const name of readdirSync(path.join(dir, sub))) {
      const relative = sub === '' ? name : `${sub}/${name}`;
      if (statSync(path.join(dir, relative)).isDirectory()) walk(relative);
      else files.set(relative, readFileSync(path.join(dir, relative)));
    }
  };
  walk('');
  return files;
}

/** Every difference between two sets of files, one line each; empty when they are the same. */
export function compareFiles(packaged, rebuilt) {
  const differences = [];
  for (const name of [...new Set([...packaged.keys(), ...rebuilt.keys()])].sort()) {
    const a = packaged.get(name);
    const b = rebuilt.get(name);
    if (b === undefined) differences.push(`only in the zip: ${name}`);
    else if (a === undefined) differences.push(`only in the rebuild: ${name}`);
    else if (!a.equals(b)) differences.push(`differs: ${name} (${a.length} bytes in the zip, ${b.length} rebuilt)`);
  }
  return differences;
}

function run(command, args, cwd) {
  console.log(`\n$ ${[command, ...args].join(' ')}   (in ${cwd})`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
}

function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--npm-ci' && arg !== '--keep');
  if (unknown.length > 0) {
    console.error(`Unknown option ${unknown.join(' ')}. Usage: npm run zip:verify [-- --npm-ci] [-- --keep]`);
    return 2;
  }
  const npmCi = args.includes('--npm-ci');
  const root = path.resolve(import.meta.dirname, '..');
  const { name, version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const zip = (kind) => path.join(root, '.output', `${name}-${version}-${kind}.zip`);
  const missing = ['chrome', 'firefox', 'sources'].map(zip).filter((file) => !existsSync(file));
  if (missing.length > 0) {
    console.error(`Missing ${missing.map((file) => path.relative(root, file)).join(', ')}: run "npm run zip" first.`);
    return 1;
  }

  const work = mkdtempSync(path.join(tmpdir(), 'dc-zip-verify-'));
  try {
    const sources = readZip(readFileSync(zip('sources')));
    console.log(`Unpacking ${sources.size} files of ${path.relative(root, zip('sources'))} into ${work}`);
    for (const [file, content] of sources) {
      mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
      writeFileSync(path.join(work, file), content);
    }
    if (npmCi) {
      run('npm', ['ci', '--no-audit', '--no-fund'], work);
    } else {
      const modules = realpathSync(path.join(root, 'node_modules'));
      console.log(`node_modules: a link to ${modules} (offline; --npm-ci installs from the registry instead)`);
      symlinkSync(modules, path.join(work, 'node_modules'), 'junction');
    }
    run('npm', ['run', 'build'], work);

    let failed = false;
    for (const [kind, dir] of [
      ['chrome', 'chrome-mv3'],
      ['firefox', 'firefox-mv2'],
    ]) {
      const packaged = readZip(readFileSync(zip(kind)));
      const rebuilt = readTree(path.join(work, '.output', dir));
      const differences = compareFiles(packaged, rebuilt);
      const label = `${path.relative(root, zip(kind))} vs. rebuilt .output/${dir}`;
      if (differences.length === 0) {
        console.log(`\n✔ ${label}: ${packaged.size} files, identical`);
      } else {
        failed = true;
        console.error(`\n✖ ${label}: ${differences.length} difference(s)`);
        for (const line of differences) console.error(`  ${line}`);
      }
    }
    return failed ? 1 : 0;
  } finally {
    if (args.includes('--keep')) console.log(`\nKept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    process.exitCode = main();
  } catch (error) {
    console.error(`\n✖ ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
