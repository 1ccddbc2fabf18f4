// Word when a loop ends: the event from a loop's change, the person's notify command (from their own
// settings only) with the summary on stdin, and a hook whose loop ends normally even when it fails.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dispatchHook } from "../../src/hook/dispatch.js";
import { notifyCommand, notifyPerson } from "../../src/notify/command.js";
import { loopEvent } from "../../src/notify/event.js";
import { LoopEventSchema, type LoopEvent } from "../../src/notify/event-schema.js";
import { makeState } from "../auto-loop/fixtures.js";
import { runLoopkit } from "../cli/cli-io.js";
import { loopState } from "../repeat/fixtures.js";

let tmp: string;
let home: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit notify "));
  home = path.join(tmp, "home");
  mkdirSync(path.join(home, ".claude"), { recursive: true });
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const configure = (command: string, id = "loopkit@loopkit") =>
  writeFileSync(
    path.join(home, ".claude", "settings.json"),
    JSON.stringify({ theme: "dark", pluginConfigs: { [id]: { options: { notify_command: command } } } }),
  );
const received = () => path.join(tmp, "received.json");
const node = (code: string) => `"${process.execPath}" -e ${JSON.stringify(code)}`;
const writeStdinTo = (file: string) => node(`require("fs").writeFileSync(${JSON.stringify(file)}, require("fs").readFileSync(0))`);

describe("the event", () => {
  const repeat = (phase: "running" | "waiting" | "paused" | "ended") => ({
    kind: "repeat" as const,
    state: loopState({ phase, final_status: phase === "ended" ? "COMPLETED" : null }),
  });
  const auto = (status: "pursuing" | "achieved" | "blocked") => ({
    kind: "auto-loop" as const,
    state: makeState({ status, status_reason: status === "pursuing" ? null : "why" }),
  });

  it("is told once, at a final status, a pause or a block", async () => {
    expect(await loopEvent(repeat("running"), repeat("waiting"))).toBeNull();
    expect(await loopEvent(repeat("waiting"), repeat("ended"))).toMatchObject({ event: "ended", kind: "repeat", status: "COMPLETED" });
    expect(await loopEvent(repeat("running"), repeat("paused"))).toMatchObject({ event: "paused", status: "paused" });
    expect(await loopEvent(repeat("paused"), repeat("paused"))).toBeNull();
    expect(await loopEvent(repeat("ended"), repeat("ended"))).toBeNull();
    expect(await loopEvent(auto("pursuing"), auto("achieved"))).toMatchObject({ event: "ended", status: "achieved", reason: "why" });
    expect(await loopEvent(auto("pursuing"), auto("blocked"))).toMatchObject({ event: "blocked" });
    expect(await loopEvent(undefined, auto("pursuing"))).toBeNull();
    const event = (await loopEvent(undefined, auto("achieved")))!;
    expect(LoopEventSchema.safeParse(event).success).toBe(true);
    expect(event.message).toMatch(/^loopkit auto-loop achieved \(why\): /);
  });
});

const ENDED_EVENT = (await loopEvent(undefined, {
  kind: "repeat",
  state: loopState({ phase: "ended", final_status: "EARLY_SUCCESS" }),
})) as LoopEvent;

describe("the notify command", () => {
  const event = ENDED_EVENT;

  it("comes from the person's own settings, any loopkit@<marketplace> entry, never from the environment", () => {
    expect(notifyCommand(home)).toBeNull();
    configure("notify-send hi", "loopkit@inline");
    expect(notifyCommand(home)).toBe("notify-send hi");
    configure("x", "other@loopkit");
    expect(notifyCommand(home)).toBeNull();
  });

  it("gets the summary as JSON on stdin", async () => {
    configure(writeStdinTo(received()));
    expect(await notifyPerson(event, home, { HOME: home })).toBeNull();
    expect(JSON.parse(readFileSync(received(), "utf8"))).toEqual(event);
  });

  it("runs only where $HOME is the OS user's home (not in a sandbox, not where a project's settings moved it)", async () => {
    configure(writeStdinTo(received()));
    const elsewhere = path.join(tmp, "elsewhere");
    expect(await notifyPerson(event, home, { HOME: elsewhere })).toBe(
      `loopkit: your notify_command was not run: HOME (${elsewhere}) is not your account's home (${home}), so this may not be your own environment`,
    );
    expect(existsSync(received())).toBe(false);
  });

  it("that fails, cannot start or hangs gives one line and nothing else", async () => {
    configure(node("process.exit(3)"));
    expect(await notifyPerson(event, home, { HOME: home })).toBe("loopkit: the notify command failed (exit 3)");
    configure(node("setTimeout(() => {}, 60000)"));
    const started = Date.now();
    expect(await notifyPerson(event, home, { HOME: home }, 500)).toMatch(/took over 0.5 s and was stopped/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("runs with a fixed PATH on POSIX, not the one a project's settings may hand to hooks", async () => {
    if (process.platform === "win32") return;
    configure(`echo "$PATH" > "${received()}"`);
    expect(await notifyPerson(event, home, { HOME: home, PATH: "/project/evil/bin" })).toBeNull();
    expect(readFileSync(received(), "utf8")).not.toContain("/project/evil");
  });
});

describe("through the Stop hook", () => {
  const project = () => path.join(tmp, "app");
  const data = () => path.join(tmp, "data");
  const env = () => ({
    HOME: tmp,
    PATH: process.env.PATH ?? "",
    LOOPKIT_DATA_DIR: data(),
    LOOPKIT_STATS_FILE: path.join(tmp, "stats.json"),
  });
  const stop = (message: string) =>
    dispatchHook(
      {
        session_id: "s-1",
        transcript_path: path.join(tmp, "t.jsonl"),
        cwd: project(),
        hook_event_name: "Stop",
        stop_hook_active: false,
        last_assistant_message: message,
      },
      data(),
      home,
    );

  let realHome: string | undefined;
  beforeEach(async () => {
    // The hook notifies only where $HOME is the home it reads the settings from (here: the test's).
    realHome = process.env.HOME;
    process.env.HOME = home;
    mkdirSync(project());
    const started = await runLoopkit(["repeat", "--session", "s-1", "--project", project(), "--args-stdin"], {
      env: env(),
      cwd: project(),
      stdin: "5m --iterations 1 /test",
      now: new Date(),
    });
    expect(started.code).toBe(0);
  });

  afterEach(() => {
    process.env.HOME = realHome;
  });

  it("runs the notify command once the loop ends, with the loop's summary", async () => {
    configure(writeStdinTo(received()));
    const output = await stop("REPEAT-RESULT: pass - all green");
    expect(output?.systemMessage).toMatch(/^repeat ended: COMPLETED/);
    expect(JSON.parse(readFileSync(received(), "utf8"))).toMatchObject({
      version: 1,
      event: "ended",
      kind: "repeat",
      status: "COMPLETED",
      command: "/test",
      iterations: 1,
    });
  });

  it("ends the loop normally when the notify command fails, and says so", async () => {
    configure(node("process.exit(9)"));
    const output = await stop("REPEAT-RESULT: pass - all green");
    expect(output?.systemMessage).toMatch(
      /^repeat ended: COMPLETED[^\n]*\nloopkit: the notify command failed \(exit 9\)\nloopkit's data folder holds [\d.]+ MB [^\n]*$/,
    );
    expect(existsSync(path.join(data(), "sessions", "s-1.json"))).toBe(false);
  });

  it("runs nothing a variable names, when the person configured nothing", async () => {
    process.env.CLAUDE_PLUGIN_OPTION_NOTIFY_COMMAND = writeStdinTo(received());
    try {
      // The end line, then what loopkit's data folder holds (its housekeeping at a loop's end), nothing else.
      expect((await stop("REPEAT-RESULT: pass - all green"))?.systemMessage).toMatch(
        /^repeat ended: COMPLETED[^\n]*\nloopkit's data folder holds [\d.]+ MB \([^\n]*data\)\.$/,
      );
    } finally {
      delete process.env.CLAUDE_PLUGIN_OPTION_NOTIFY_COMMAND;
    }
    expect(existsSync(received())).toBe(false);
  });
});

describe("from the CLI's own changes", () => {
  it.each(["repeat", "auto-loop"])(
    "%s --cancel from a terminal tells the notify command, and prints its failure as a line",
    async (command) => {
      const project = path.join(tmp, "app");
      mkdirSync(project);
      const env = {
        HOME: home,
        PATH: process.env.PATH ?? "",
        LOOPKIT_DATA_DIR: path.join(tmp, "data"),
        LOOPKIT_STATS_FILE: path.join(tmp, "stats.json"),
      };
      const cli = (args: string[], stdin = "") => runLoopkit(args, { env, cwd: project, stdin, now: new Date(), userHome: home });
      const text = command === "repeat" ? "5m /test" : "make it pass --verify true";
      expect((await cli([command, "--session", "s-1", "--project", project, "--args-stdin"], text)).code).toBe(0);
      configure(writeStdinTo(received()));
      const cancelled = await cli([command, "--cancel"]);
      expect(cancelled.code).toBe(0);
      expect(JSON.parse(readFileSync(received(), "utf8"))).toMatchObject({
        event: "ended",
        kind: command,
        status: command === "repeat" ? "CANCELLED" : "cancelled",
      });

      rmSync(received());
      expect((await cli([command, "--session", "s-2", "--project", project, "--args-stdin"], text)).code).toBe(0);
      configure(node("process.exit(4)"));
      const failed = await cli([command, "--cancel", ...(command === "repeat" ? ["--session", "s-2"] : [])]);
      expect(failed.code).toBe(0);
      expect(failed.stdout).toMatch(/\nloopkit: the notify command failed \(exit 4\)\nloopkit's data folder holds [\d.]+ MB [^\n]*\n$/);
    },
  );
});
