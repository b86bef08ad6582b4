import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Files that stop or kill a process of the shared stack (the agent worker paused with SIGSTOP, services
// killed and restarted): they run on their own, after the rest, which runs two files at a time.
const ALONE = ['src/missions.e2e-spec.ts', 'src/resilience.e2e-spec.ts'];

// The accessibility walk (a11y-*, a few minutes a file) goes first, so that the short files fill the
// other worker meanwhile instead of one long file running alone at the end (on a fresh clone Vitest
// has no durations of earlier runs to order by, and orders by file size).
const LONGEST = /\/a11y-admin-|\/a11y-user/;

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLong = (file: TestSpecification) => LONGEST.test(file.moduleId);
    return [...sorted.filter(isLong), ...sorted.filter((file) => !isLong(file))];
  }
}

const shared = {
  pool: 'forks' as const,
  // A test here is a user's scenario of 20 to 40 steps: 20-30 s on a quiet machine, and CI's runner,
  // with two files at a time, took the workflow pages' rules scenario past 60 s (27 s here).
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // What a poll waits for crosses the gateway, a service and the database; on a loaded CI machine
  // that is more than Vitest's 1 s default, though never more than a few seconds when it works.
  expect: { poll: { timeout: 10_000, interval: 100 } },
};

export default defineConfig({
  test: {
    // One stack for the whole run: a global setup is the root project's alone (a project's own
    // would start one per project), and what it provides reaches every project.
    globalSetup: ['./src/global-setup.ts'],
    // Vitest reads the sequencer of the root config only; the projects' groups keep their order.
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          ...shared,
          name: 'side-by-side',
          include: ['src/**/*.e2e-spec.ts'],
          exclude: ALONE,
          // Each file in a fresh process; two at a time: most of a browser test is waiting on the
          // stack, and the accessibility walk alone (a11y-*) takes minutes.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'alone',
          include: ALONE,
          maxWorkers: 1,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
