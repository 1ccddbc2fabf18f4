// The folders of src/ are layers: a file imports only from its own folder or from a lower layer, so
// the import graph has no cycle between rooms and a newcomer can read it from the bottom up.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "../../src");

/** Lower numbers are lower layers. Folders of one rank must not import each other. */
const RANK: Record<string, number> = {
  shared: 0,
  state: 1,
  sandbox: 1,
  evidence: 1.5,
  session: 2,
  checkpoint: 2,
  repeat: 3,
  "auto-loop": 3,
  loops: 3.5,
  run: 4,
  codex: 4,
  history: 4,
  statusline: 4,
  notify: 4,
  doctor: 4.5,
  cli: 5,
  hook: 5,
  action: 5,
};

function imports(): { from: string; to: string; file: string }[] {
  const found: { from: string; to: string; file: string }[] = [];
  for (const folder of readdirSync(SRC)) {
    for (const name of readdirSync(path.join(SRC, folder), { recursive: true, encoding: "utf8" })) {
      if (!name.endsWith(".ts")) continue;
      const file = path.join(folder, name);
      const text = readFileSync(path.join(SRC, file), "utf8");
      for (const match of text.matchAll(/from "\.\.\/([^/"]+)\//g)) found.push({ from: folder, to: match[1]!, file });
    }
  }
  return found;
}

describe("the layers of src/", () => {
  it("gives every folder a rank", () => {
    expect(readdirSync(SRC).filter((folder) => !(folder in RANK))).toEqual([]);
  });

  it("has every import run down a layer, never up or sideways", () => {
    const all = imports();
    expect(all.length).toBeGreaterThan(0);
    const wrong = all.filter(({ from, to }) => !(RANK[to]! < RANK[from]!)).map(({ file, to }) => `${file} imports ${to}/`);
    expect(wrong).toEqual([]);
  });
});
