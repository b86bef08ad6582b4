import { defineConfig } from 'vitest/config';

// Files that stop or kill a process of the shared stack (the agent worker paused with SIGSTOP, services
// killed and restarted): they run after the rest.
const ALONE = ['src/missions.e2e-spec.ts', 'src/resilience.e2e-spec.ts'];

const shared = {
  pool: 'forks' as const,
  // A test here is a user's scenario of 20 to 40 steps: 20-30 s on a quiet machine, and CI's runner,
  // then with two files at a time, took the workflow pages' rules scenario past 60 s (27 s here).
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
    projects: [
      {
        test: {
          ...shared,
          name: 'browser',
          include: ['src/**/*.e2e-spec.ts'],
          exclude: ALONE,
          // Each file in a fresh process, one at a time. Two at a time was slower, not faster: the
          // stack and two Chromiums on two cores thrash. Measured here on the same build: the whole
          // suite 855 s one at a time against 1530 s two at a time (CI's runner 1341 s); a file
          // alone runs 2.5-3.5 times faster (shell 47 s against 173 s, the administrator's Chinese walk 137 s
          // against 491 s). E2E_WORKERS=2 tries it again on a bigger machine.
          maxWorkers: Number(process.env.E2E_WORKERS ?? 1),
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
