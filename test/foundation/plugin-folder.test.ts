// What a marketplace installs is plugins/loopkit (the marketplace entry's source): only what runs. A
// package.json with a lockfile there would make Claude Code run `npm ci` in the plugin cache (1.2 GB
// with loopkit's development package.json, seen on 2.1.197 and 2.1.332).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const plugin = path.join(root, "plugins", "loopkit");

function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) =>
    statSync(path.join(dir, name)).isDirectory() ? listFiles(path.join(dir, name), `${prefix}${name}/`) : [`${prefix}${name}`],
  );
}

describe("the shipped plugin folder", () => {
  it("is the marketplace's one plugin", () => {
    const marketplace = JSON.parse(readFileSync(path.join(root, ".claude-plugin", "marketplace.json"), "utf8"));
    expect(marketplace.plugins).toMatchObject([{ name: "loopkit", source: "./plugins/loopkit" }]);
    expect(readdirSync(path.join(root, ".claude-plugin"))).toEqual(["marketplace.json"]);
  });

  it("holds the manifest, icon, skills, hooks, bin, dist, schemas, a README and the license, nothing else", () => {
    expect(readdirSync(plugin).sort()).toEqual([".claude-plugin", "LICENSE", "README.md", "bin", "dist", "hooks", "schemas", "skills"]);
    expect(readdirSync(path.join(plugin, ".claude-plugin")).sort()).toEqual(["icon.png", "plugin.json"]);
    // Every file in bin/ is a command the plugin provides (2.1.332's validate lists them).
    expect(readdirSync(path.join(plugin, "bin"))).toEqual(["loopkit"]);
  });

  it("has no package manifest or lockfile but dist/package.json, which only marks dist/*.js as ES modules", () => {
    const manifests = listFiles(plugin).filter((file) =>
      /(^|\/)(package(-lock)?\.json|npm-shrinkwrap\.json|bun\.lockb?|yarn\.lock|pnpm-lock\.yaml|node_modules)$/.test(file),
    );
    expect(manifests).toEqual(["dist/package.json"]);
    expect(JSON.parse(readFileSync(path.join(plugin, "dist", "package.json"), "utf8"))).toEqual({ type: "module" });
  });

  it("is the only copy: the repository root holds none of the plugin's parts (a branch on the old top-level layout can bring them back)", () => {
    expect(readdirSync(root).filter((name) => ["bin", "dist", "hooks", "schemas", "skills"].includes(name))).toEqual([]);
  });

  it("carries the repository's license", () => {
    expect(readFileSync(path.join(plugin, "LICENSE"), "utf8")).toBe(readFileSync(path.join(root, "LICENSE"), "utf8"));
  });
});
