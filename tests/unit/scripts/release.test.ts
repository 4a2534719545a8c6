import { describe, expect, it } from 'vitest';
import { compareVersions, parseVersion, releaseChangelog, withVersion } from '../../../scripts/release.mjs';

const CHANGELOG = `# Changelog

Intro.

## [Unreleased]

### Added
- Scheduled writes.

## [0.1.0] - 2026-11-22

### Added
- The side panel.
`;

describe('npm run release', () => {
  it('takes semantic versions only, and orders them (a pre-release before its release)', () => {
    expect(parseVersion('1.0.0')).toEqual({ major: 1, minor: 0, patch: 0, pre: null });
    for (const bad of ['1.0', 'v1.0.0', '01.0.0', '1.0.0.0', '', '1.0.0-']) expect(parseVersion(bad)).toBeUndefined();
    expect(compareVersions('1.0.0', '0.1.0')).toBeGreaterThan(0);
    expect(compareVersions('0.10.0', '0.9.9')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0-rc.1', '1.0.0')).toBeLessThan(0);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
  });

  it('moves Unreleased under the version and its date, leaving an empty Unreleased above', () => {
    expect(releaseChangelog(CHANGELOG, '1.0.0', '2026-11-29')).toBe(`# Changelog

Intro.

## [Unreleased]

## [1.0.0] - 2026-11-29

### Added
- Scheduled writes.

## [0.1.0] - 2026-11-22

### Added
- The side panel.
`);
  });

  it('refuses an empty Unreleased, a version released already, and a changelog without Unreleased', () => {
    const released = releaseChangelog(CHANGELOG, '1.0.0', '2026-11-29');
    expect(() => releaseChangelog(released, '1.0.1', '2026-11-30')).toThrow(/empty/);
    expect(() => releaseChangelog(CHANGELOG, '0.1.0', '2026-11-30')).toThrow(/already/);
    expect(() => releaseChangelog('# Changelog\n', '1.0.0', '2026-11-30')).toThrow(/no "## \[Unreleased\]"/);
  });

  it("sets the version in package.json and both of the lock file's copies, nothing else", () => {
    const lock = JSON.stringify({
      name: 'x',
      version: '0.1.0',
      packages: { '': { version: '0.1.0' }, 'node_modules/a': { version: '4.2.0' } },
    });
    const bumped = JSON.parse(withVersion(lock, '1.0.0'));
    expect([bumped.version, bumped.packages[''].version, bumped.packages['node_modules/a'].version]).toEqual([
      '1.0.0',
      '1.0.0',
      '4.2.0',
    ]);
  });
});
