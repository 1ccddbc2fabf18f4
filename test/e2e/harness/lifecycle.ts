// The one lifecycle of the e2e tests that drive the real claude CLI: a fake Messages API on 127.0.0.1
// for the whole file, and a sandbox (HOME, project, settings) per test or per file, removed after.
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { startFakeModel, type FakeModel, type ReplyScript } from "./fake-model.js";
import { makeSandbox, type Sandbox } from "./run-claude.js";

export interface E2eWorld {
  model: FakeModel;
  sandbox: Sandbox;
}

export interface LifecycleOptions {
  /** "test": a fresh sandbox for every test (the default); "file": one for the whole file. */
  sandbox?: "test" | "file";
  /** The model's script for the whole file (tests usually set their own with model.script). */
  script?: ReplyScript;
  /** Runs after each fresh sandbox is made (extra files or folders the tests need). */
  setUp?: (world: E2eWorld) => void | Promise<void>;
  /** Runs once at the end of the file, before the sandbox and the model go (e.g. a plugin copy's removal, a tmux server). */
  tearDown?: () => void | Promise<void>;
}

/** Registers the hooks; `use` gets the model and the sandbox each time a sandbox is made (before any test uses them). */
export function useModelAndSandbox(options: LifecycleOptions, use: (world: E2eWorld) => void): void {
  const perTest = (options.sandbox ?? "test") === "test";
  let model: FakeModel | undefined;
  let sandbox: Sandbox | undefined;
  const fresh = async () => {
    sandbox = await makeSandbox();
    const world = { model: model!, sandbox };
    use(world);
    await options.setUp?.(world);
  };
  beforeAll(async () => {
    model = await startFakeModel(options.script ?? []);
    if (!perTest) await fresh();
  });
  afterAll(async () => {
    await options.tearDown?.();
    if (!perTest) await sandbox?.cleanup();
    await model?.close();
  });
  if (perTest) {
    beforeEach(fresh);
    afterEach(() => sandbox?.cleanup());
  }
}
