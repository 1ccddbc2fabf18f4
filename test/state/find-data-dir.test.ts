import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findDataDir } from "../../src/state/find-data-dir.js";

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

describe("findDataDir", () => {
  it("takes $LOOPKIT_DATA_DIR first, then --plugin-data, then $CLAUDE_PLUGIN_DATA", () => {
    pluginData("loopkit-inline");
    expect(findDataDir({ HOME: home, LOOPKIT_DATA_DIR: "/a", CLAUDE_PLUGIN_DATA: "/c" }, "/b")).toBe("/a");
    expect(findDataDir({ HOME: home, CLAUDE_PLUGIN_DATA: "/c" }, "/b")).toBe("/b");
    expect(findDataDir({ HOME: home, CLAUDE_PLUGIN_DATA: "/c" })).toBe("/c");
  });

  it("at a terminal, finds the one Claude Code plugin data folder of loopkit that holds state", () => {
    const dir = pluginData("loopkit-loopkit");
    pluginData("loopkit-inline", false);
    pluginData("otherplugin-x");
    expect(findDataDir({ HOME: home })).toBe(dir);
  });

  it("finds nothing (null, and creates nothing) when no folder holds loopkit state", () => {
    pluginData("loopkit-inline", false);
    expect(findDataDir({ HOME: home })).toBeNull();
    expect(existsSync(path.join(home, ".loopkit"))).toBe(false);
  });

  it("respects CLAUDE_CONFIG_DIR", () => {
    const config = path.join(home, "cfg");
    mkdirSync(path.join(config, "plugins", "data", "loopkit-m", "auto-loop"), { recursive: true });
    expect(findDataDir({ HOME: home, CLAUDE_CONFIG_DIR: config })).toBe(path.join(config, "plugins", "data", "loopkit-m"));
  });

  it("refuses to guess between several, naming them and the way out", () => {
    const a = pluginData("loopkit-inline");
    mkdirSync(path.join(home, ".loopkit", "repeat"), { recursive: true });
    expect(() => findDataDir({ HOME: home })).toThrow(
      expect.objectContaining({ code: "USAGE", hint: expect.stringMatching(/--plugin-data/) }),
    );
    expect(() => findDataDir({ HOME: home })).toThrow(new RegExp(`${a.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.*\\.loopkit`));
  });
});
