import type { FullConfig, FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface ProjectTimes {
  tests: number;
  failed: number;
  skipped: number;
  /** Sum of the tests' own durations (a browser's launch counts in its file's first test). */
  busyMs: number;
  /** Browsers started for it, and the time they took (part of `busyMs`). */
  launches: number;
  launchMs: number;
  /** Extension resets between spec files (`ExtensionBrowser.reset`), and their time. */
  resets: number;
  resetMs: number;
  /** First start and last end: the project's span on the wall clock. */
  first: number;
  last: number;
}

/**
 * One table at the end of the run: per project (each browser, the build checks), how many tests ran
 * and how long they kept a worker busy, so `npm test` shows where its time goes by browser.
 */
export default class BrowserTimes implements Reporter {
  private readonly projects = new Map<string, ProjectTimes>();
  /** Worker-busy time per spec file and project: where to look first when the run grows. */
  private readonly files = new Map<string, Map<string, number>>();
  /** The run's workers (`--workers` overrides the config's). */
  private workers = 0;

  onBegin(config: FullConfig): void {
    this.workers = config.workers;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const name = test.parent.project()?.name ?? '?';
    const times = this.projects.get(name) ?? {
      tests: 0,
      failed: 0,
      skipped: 0,
      busyMs: 0,
      launches: 0,
      launchMs: 0,
      resets: 0,
      resetMs: 0,
      first: Number.POSITIVE_INFINITY,
      last: 0,
    };
    times.tests += 1;
    if (result.status === 'skipped') times.skipped += 1;
    else if (result.status !== 'passed') times.failed += 1;
    times.busyMs += result.duration;
    const file = test.location.file.replace(/^.*tests\/e2e\//, '');
    const perFile = this.files.get(file) ?? new Map<string, number>();
    perFile.set(name, (perFile.get(name) ?? 0) + result.duration);
    this.files.set(file, perFile);
    for (const { type, description } of result.annotations) {
      if (type !== 'browser-setup' || description === undefined) continue;
      const [what, ms] = description.split(' ');
      if (what === 'launch' || what === 'refused') {
        if (what === 'launch') times.launches += 1;
        times.launchMs += Number(ms);
      } else {
        times.resets += 1;
        times.resetMs += Number(ms);
      }
    }
    const start = result.startTime.getTime();
    times.first = Math.min(times.first, start);
    times.last = Math.max(times.last, start + result.duration);
    this.projects.set(name, times);
  }

  onEnd(result: FullResult): void {
    const rows = [...this.projects.entries()].map(([name, t]) => {
      const span = t.last > t.first ? ((t.last - t.first) / 1000).toFixed(0) : '0';
      const setup = (n: number, ms: number) => (n === 0 ? '–' : `${n} · ${(ms / 1000).toFixed(0)} s`);
      return `| ${name} | ${t.tests} | ${t.failed} | ${t.skipped} | ${(t.busyMs / 1000).toFixed(0)} | ${setup(t.launches, t.launchMs)} | ${setup(t.resets, t.resetMs)} | ${span} |`;
    });
    console.log(
      [
        '',
        `End-to-end time by project (${result.status}, ${(result.duration / 1000).toFixed(0)} s on the wall clock, ${this.workers} workers):`,
        '| project | tests | failed | skipped | worker-busy s | browser launches · s | extension resets · s | first start to last end s |',
        '| --- | --- | --- | --- | --- | --- | --- | --- |',
        ...rows,
        '',
        ...this.slowestFiles(12),
      ].join('\n'),
    );
  }

  /** The `count` spec files that kept workers busy longest, both browsers summed, then each. */
  private slowestFiles(count: number): string[] {
    const names = [...this.projects.keys()].filter((name) => name !== 'build');
    const seconds = (ms: number | undefined) => (ms === undefined ? '–' : (ms / 1000).toFixed(0));
    const rows = [...this.files.entries()]
      .map(([file, perProject]) => ({ file, perProject, total: [...perProject.values()].reduce((a, b) => a + b, 0) }))
      .sort((a, b) => b.total - a.total)
      .slice(0, count)
      .map(({ file, perProject, total }) => {
        const each = names.map((name) => seconds(perProject.get(name))).join(' | ');
        return `| ${file} | ${seconds(total)} | ${each} |`;
      });
    return [
      `The ${count} spec files that kept workers busy longest (s):`,
      `| spec file | all | ${names.join(' | ')} |`,
      `| --- | --- | ${names.map(() => '---').join(' | ')} |`,
      ...rows,
    ];
  }
}
