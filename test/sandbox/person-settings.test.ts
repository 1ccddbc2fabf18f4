import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { personSandbox, readPersonSettings } from "../../src/sandbox/person-settings.js";

let home: string;
beforeEach(() => {
  home = mkdtempSync(path.join(os.tmpdir(), "loopkit person settings "));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};

describe("the person's sandbox settings", () => {
  it("reads ~/.claude/settings.json, resolving its relative paths against ~/.claude", async () => {
    write(
      path.join(home, ".claude", "settings.json"),
      JSON.stringify({
        sandbox: { enabled: true, network: { allowedDomains: ["a.test"] }, filesystem: { allowWrite: ["cache", "~/out"] } },
        model: "other keys are fine",
      }),
    );
    expect(await personSandbox({ HOME: home })).toMatchObject({
      enabled: true,
      allowedDomains: ["a.test"],
      allowWrite: [path.join(home, ".claude", "cache"), path.join(home, "out")],
    });
  });

  it("reads $CLAUDE_CONFIG_DIR/settings.json instead when it is set", async () => {
    write(path.join(home, ".claude", "settings.json"), JSON.stringify({ sandbox: { network: { allowedDomains: ["home.test"] } } }));
    write(path.join(home, "config", "settings.json"), JSON.stringify({ sandbox: { network: { allowedDomains: ["config.test"] } } }));
    expect((await personSandbox({ HOME: home, CLAUDE_CONFIG_DIR: path.join(home, "config") })).allowedDomains).toEqual(["config.test"]);
  });

  it.each([
    ["not JSON", "{ sandbox"],
    ["a wrong type", JSON.stringify({ sandbox: { network: { allowedDomains: "a.test" } } })],
    ["a folder", "folder"],
    ["a FIFO (never waited on)", "fifo"],
  ])("reads a settings file that is %s as no settings (the narrowest policy)", async (_name, text) => {
    const file = path.join(home, ".claude", "settings.json");
    if (text === "folder") mkdirSync(file, { recursive: true });
    else if (text === "fifo") {
      mkdirSync(path.dirname(file), { recursive: true });
      execFileSync("mkfifo", [file]);
    } else write(file, text);
    expect((await readPersonSettings({ HOME: home })).filter((source) => !source.managed)).toEqual([]);
    expect((await personSandbox({ HOME: home })).allowedDomains).toEqual([]);
  });

  it("follows a settings file that is a link (dotfile setups)", async () => {
    write(path.join(home, "dotfiles", "claude.json"), JSON.stringify({ sandbox: { network: { allowedDomains: ["linked.test"] } } }));
    mkdirSync(path.join(home, ".claude"));
    symlinkSync(path.join(home, "dotfiles", "claude.json"), path.join(home, ".claude", "settings.json"));
    expect((await personSandbox({ HOME: home })).allowedDomains).toEqual(["linked.test"]);
  });

  it("never reads the project's settings", async () => {
    const project = path.join(home, "project");
    write(path.join(project, ".claude", "settings.json"), JSON.stringify({ sandbox: { network: { allowedDomains: ["planted.test"] } } }));
    write(path.join(project, ".claude", "settings.local.json"), JSON.stringify({ sandbox: { filesystem: { allowWrite: ["/"] } } }));
    const files = (await readPersonSettings({ HOME: home, PWD: project })).map((source) => source.file);
    expect(files.filter((file) => file.startsWith(project))).toEqual([]);
    expect(await personSandbox({ HOME: home, PWD: project })).toMatchObject({ allowedDomains: [], allowWrite: [] });
  });
});
