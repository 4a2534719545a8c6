// `npm run release -- <version>`: cuts a release in one command.
//   1. checks the version (semantic, above the current one), a clean work tree and that CHANGELOG.md's
//      "Unreleased" section says something;
//   2. sets the version in its one place, package.json (and the lock file's copy of it; WXT writes it
//      into both manifests);
//   3. moves "Unreleased" to a section of its own with today's date (UTC), leaving an empty
//      "Unreleased" above it;
//   4. builds the store packages (`npm run zip`) and checks that the sources zip rebuilds them byte for
//      byte (`npm run zip:verify`);
//   5. commits "Release <version>" and tags it `v<version>` (annotated).
// A failure before the commit puts package.json, the lock file and CHANGELOG.md back as they were.
//
//   --no-commit   stop after the packages verify (nothing committed or tagged): a rehearsal.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;

/** The parts of a version, or undefined when it is not a semantic version. */
export function parseVersion(text) {
  const match = SEMVER.exec(text);
  if (match === null) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), pre: match[4] ?? null };
}

/** Negative when `a` comes before `b`, positive after, 0 for the same version (pre-releases before their release). */
export function compareVersions(a, b) {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  if (x === undefined || y === undefined) throw new Error(`not a version: ${x === undefined ? a : b}`);
  for (const part of ['major', 'minor', 'patch']) if (x[part] !== y[part]) return x[part] - y[part];
  if (x.pre === y.pre) return 0;
  if (x.pre === null) return 1;
  if (y.pre === null) return -1;
  return x.pre < y.pre ? -1 : 1;
}

const UNRELEASED = '## [Unreleased]';

/**
 * The changelog with its "Unreleased" entries moved under `## [version] - date`, and an empty
 * "Unreleased" left above them. Throws when there is no "Unreleased" section, when it is empty, or
 * when the version already has a section.
 */
export function releaseChangelog(text, version, date) {
  const start = text.indexOf(UNRELEASED);
  if (start === -1) throw new Error(`CHANGELOG.md has no "${UNRELEASED}" section.`);
  if (text.includes(`## [${version}]`)) throw new Error(`CHANGELOG.md already has a section for ${version}.`);
  const bodyStart = start + UNRELEASED.length;
  const next = text.indexOf('\n## ', bodyStart);
  const body = text.slice(bodyStart, next === -1 ? text.length : next);
  if (body.trim() === '')
    throw new Error('CHANGELOG.md\'s "Unreleased" section is empty: say what this release changes.');
  const rest = next === -1 ? '' : text.slice(next);
  return `${text.slice(0, start)}${UNRELEASED}\n\n## [${version}] - ${date}\n${body.replace(/^\n+/, '\n').replace(/\n*$/, '\n')}${rest}`;
}

/** package.json or package-lock.json's text with its own version set (the lock keeps it twice). */
export function withVersion(text, version) {
  const json = JSON.parse(text);
  json.version = version;
  if (json.packages?.[''] !== undefined) json.packages[''].version = version;
  return `${JSON.stringify(json, null, 2)}\n`;
}

function run(command, args, cwd) {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}).`);
}

function git(args, cwd) {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

function main() {
  const args = process.argv.slice(2);
  const commit = !args.includes('--no-commit');
  const version = args.find((arg) => !arg.startsWith('--'));
  const root = path.resolve(import.meta.dirname, '..');
  const files = ['package.json', 'package-lock.json', 'CHANGELOG.md'].map((name) => path.join(root, name));
  const before = files.map((file) => readFileSync(file, 'utf8'));
  const current = JSON.parse(before[0]).version;
  if (version === undefined || parseVersion(version) === undefined) {
    throw new Error(`Usage: npm run release -- <version> (semantic, e.g. 1.0.0); now ${current}.`);
  }
  if (compareVersions(version, current) <= 0)
    throw new Error(`${version} is not above the current version, ${current}.`);
  if (git(['status', '--porcelain'], root) !== '')
    throw new Error('The work tree has changes: commit or stash them first.');
  if (git(['tag', '--list', `v${version}`], root) !== '') throw new Error(`The tag v${version} exists already.`);

  const date = new Date().toISOString().slice(0, 10);
  const after = [
    withVersion(before[0], version),
    withVersion(before[1], version),
    releaseChangelog(before[2], version, date),
  ];
  try {
    for (const [index, file] of files.entries()) writeFileSync(file, after[index]);
    run('npm', ['run', '--silent', 'zip'], root);
    run('npm', ['run', '--silent', 'zip:verify'], root);
  } catch (error) {
    for (const [index, file] of files.entries()) writeFileSync(file, before[index]);
    throw error;
  }
  if (!commit) {
    console.log(`\n${version} is ready in the work tree and its packages verify; nothing committed (--no-commit).`);
    return;
  }
  git(['add', '--', ...files], root);
  git(
    [
      'commit',
      '-m',
      `Release ${version}`,
      '-m',
      `The version and CHANGELOG.md's ${version} section (${date}); the store packages built by npm run zip verify against their sources zip.`,
    ],
    root,
  );
  git(['tag', '-a', `v${version}`, '-m', `Debate Companion ${version}`], root);
  console.log(`\nReleased ${version}: committed and tagged v${version}. The packages are in .output/.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main();
  } catch (error) {
    console.error(`Release stopped: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
