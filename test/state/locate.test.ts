import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { locate, locateDataDir, locateMarker } from "../../src/state/locate.js";

let home: string;
beforeEach(() => {
  home = mkdtempSync(path.join(os.tmpdir(), "loopkit home "));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const pluginData = (name: string, withState = true) => {
  const dir = path.join(home, ".claude", "plugins", "data", name);
  mkdirSync(withState ? path.join(dir, "sessions") : dir, { recursive: true });
  return dir;
};
const marker = (dir: string, session: string) => {
  mkdirSync(path.join(dir, "sessions"), { recursive: true });
  writeFileSync(path.join(dir, "sessions", `${session}.json`), "{}");
};
const dirOf = (from: Parameters<typeof locateDataDir>[0]) => locateDataDir(from)?.dir ?? null;
/** A file whose folder and itself were last written at `seconds` (since the epoch). */
const writeAt = (file: string, seconds: number) => {
  writeFileSync(file, "{}");
  for (const entry of [file, path.dirname(file)]) utimesSync(entry, seconds, seconds);
};

describe("locateDataDir: the one order", () => {
  it("takes $LOOPKIT_DATA_DIR first, then --plugin-data, then $CLAUDE_PLUGIN_DATA, and says which named it", () => {
    pluginData("loopkit-inline");
    expect(locateDataDir({ env: { HOME: home, LOOPKIT_DATA_DIR: "/a", CLAUDE_PLUGIN_DATA: "/c" }, pluginData: "/b" })).toEqual({
      dir: "/a",
      by: "LOOPKIT_DATA_DIR",
    });
    expect(locateDataDir({ env: { HOME: home, CLAUDE_PLUGIN_DATA: "/c" }, pluginData: "/b" })).toEqual({ dir: "/b", by: "--plugin-data" });
    expect(locateDataDir({ env: { HOME: home, CLAUDE_PLUGIN_DATA: "/c" } })).toEqual({ dir: "/c", by: "CLAUDE_PLUGIN_DATA" });
  });

  it("at a terminal, finds the one Claude Code plugin data folder of loopkit that holds state", () => {
    const dir = pluginData("loopkit-loopkit");
    pluginData("loopkit-inline", false);
    pluginData("otherplugin-x");
    expect(locateDataDir({ env: { HOME: home } })).toEqual({ dir, by: "holds loopkit state" });
  });

  it("finds nothing (null, and creates nothing) when no folder holds loopkit state", () => {
    pluginData("loopkit-inline", false);
    expect(locateDataDir({ env: { HOME: home } })).toBeNull();
    expect(existsSync(path.join(home, ".loopkit"))).toBe(false);
  });

  it("respects CLAUDE_CONFIG_DIR", () => {
    const config = path.join(home, "cfg");
    mkdirSync(path.join(config, "plugins", "data", "loopkit-m", "auto-loop"), { recursive: true });
    expect(dirOf({ env: { HOME: home, CLAUDE_CONFIG_DIR: config } })).toBe(path.join(config, "plugins", "data", "loopkit-m"));
  });

  it.each([
    ["the marketplace install's, after a --plugin-dir try", "loopkit-inline", "loopkit-loopkit"],
    ["the --plugin-dir one, used again after the marketplace install", "loopkit-loopkit", "loopkit-inline"],
  ])("among several, takes the one a loop wrote to last: %s", (_name, before, after) => {
    const old = pluginData(before);
    const last = pluginData(after);
    mkdirSync(path.join(home, ".loopkit", "repeat"), { recursive: true });
    writeAt(path.join(home, ".loopkit", "repeat", "x.json"), 1_000);
    writeAt(path.join(old, "sessions", "s-0.json"), 2_000);
    writeAt(path.join(last, "sessions", "s-9.json"), 3_000);
    expect(locateDataDir({ env: { HOME: home } })).toEqual({
      dir: last,
      by: "written to last of several",
      others: [old, path.join(home, ".loopkit")],
    });
  });

  it("among several, takes the one that holds the session's marker; with none of them holding it, the one written to last", () => {
    const first = pluginData("loopkit-inline");
    const other = pluginData("loopkit-loopkit");
    marker(other, "s-1");
    writeAt(path.join(first, "sessions", "s-0.json"), Date.now() / 1000 + 60);
    expect(dirOf({ env: { HOME: home }, session: "s-1" })).toBe(other);
    expect(dirOf({ env: { HOME: home }, session: "s-2" })).toBe(first);
    // An id of another shape never becomes a path.
    expect(dirOf({ env: { HOME: home }, session: "../loopkit-loopkit/sessions/s-1" })).toBe(first);
  });
});

describe("locateDataDir with pinned: the hook's rule, which the environment cannot redirect", () => {
  let own: string;
  beforeEach(() => {
    own = path.join(home, "claude code's own");
    mkdirSync(own);
  });

  it("takes --plugin-data over $LOOPKIT_DATA_DIR when it holds this session's marker", () => {
    marker(own, "s-1");
    expect(locateDataDir({ env: { LOOPKIT_DATA_DIR: "/agent" }, pluginData: own, session: "s-1", pinned: true })).toEqual({
      dir: own,
      by: "pinned",
    });
  });

  it("takes it too when it holds the hook's answer to this session's last typed command (a --cancel removed the marker)", () => {
    mkdirSync(path.join(own, "answers"));
    writeFileSync(path.join(own, "answers", "s-1.json"), "{}");
    expect(dirOf({ env: { LOOPKIT_DATA_DIR: "/agent" }, pluginData: own, session: "s-1", pinned: true })).toBe(own);
    expect(dirOf({ env: { LOOPKIT_DATA_DIR: "/person" }, pluginData: own, session: "s-2", pinned: true })).toBe("/person");
  });

  it("falls back to the one order when it holds no marker of this session, or is relative, or without the option", () => {
    marker(own, "s-1");
    expect(dirOf({ env: { LOOPKIT_DATA_DIR: "/person" }, pluginData: own, session: "s-2", pinned: true })).toBe("/person");
    expect(
      dirOf({ env: { LOOPKIT_DATA_DIR: "/person" }, pluginData: path.relative(process.cwd(), own), session: "s-1", pinned: true }),
    ).toBe("/person");
    expect(dirOf({ env: { LOOPKIT_DATA_DIR: "/person" }, pluginData: own, session: "s-1" })).toBe("/person");
  });
});

describe("locateMarker", () => {
  it("names the marker and its folder when the session's marker is in the located folder, else nothing", () => {
    const data = path.join(home, "data");
    marker(data, "s-1");
    expect(locateMarker({ env: { LOOPKIT_DATA_DIR: data }, session: "s-1" })).toEqual({
      dataDir: data,
      file: path.join(data, "sessions", "s-1.json"),
    });
    expect(locateMarker({ env: { LOOPKIT_DATA_DIR: data }, session: "s-2" })).toBeUndefined();
    expect(locateMarker({ env: { LOOPKIT_DATA_DIR: data }, session: "../data/sessions/s-1" })).toBeUndefined();
  });

  it("several folders with state and none holding this session's marker mean no loop", () => {
    pluginData("loopkit-inline");
    mkdirSync(path.join(home, ".loopkit", "repeat"), { recursive: true });
    expect(locateMarker({ env: { HOME: home }, session: "s-1" })).toBeUndefined();
  });
});

describe("locate: a command's whereabouts", () => {
  it("takes --project, else $CLAUDE_PROJECT_DIR, else the current directory, through symlinks", () => {
    const real = path.join(home, "real project");
    mkdirSync(real);
    symlinkSync(real, path.join(home, "link"));
    expect(locate({ env: {}, cwd: home, project: "link" }).projectDir()).toBe(real);
    expect(locate({ env: { CLAUDE_PROJECT_DIR: real }, cwd: "/" }).projectDir()).toBe(real);
    expect(locate({ env: {}, cwd: real }).projectDir()).toBe(real);
    expect(() => locate({ env: {}, cwd: home, project: "missing" }).projectDir()).toThrow(expect.objectContaining({ code: "USAGE" }));
  });

  it("checks the session's shape, and works nothing out before it is asked for", () => {
    const where = locate({ env: { HOME: home }, cwd: home, project: "missing", session: "../x" });
    expect(() => where.session()).toThrow(expect.objectContaining({ code: "NO_SESSION" }));
    expect(locate({ env: { HOME: home }, cwd: home }).session()).toBeUndefined();
  });

  it("starts a loop in ~/.loopkit only when no folder is named or holds state", () => {
    expect(locate({ env: { HOME: home }, cwd: home }).dataDir()).toBeNull();
    expect(locate({ env: { HOME: home }, cwd: home }).dataDirForStart()).toBe(path.join(home, ".loopkit"));
    expect(locate({ env: { HOME: home }, cwd: home, pluginData: "/b" }).dataDirForStart()).toBe("/b");
  });
});
