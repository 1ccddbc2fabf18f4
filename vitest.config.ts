import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // One build of src/ per run, for the tests that run the bundle (the committed dist/ is left as it is).
    globalSetup: ["test/support/build-plugin.ts"],
    // End-to-end tests drive the real claude CLI and wait on real timers; two cores only.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
