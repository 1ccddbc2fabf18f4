// Every relative link in the docs points at a file in this repository (no link leaves it).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const docs = [
  "README.md",
  ...["docs", ...["repeat", "repeat/references", "auto-loop", "auto-loop/references"].map((dir) => `plugins/loopkit/skills/${dir}`)].flatMap((dir) =>
    readdirSync(path.join(root, dir)).filter((name) => name.endsWith(".md")).map((name) => path.join(dir, name)),
  ),
];

it("links only to files inside the repository", () => {
  const broken: string[] = [];
  for (const doc of docs) {
    const text = readFileSync(path.join(root, doc), "utf8");
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!) || target!.startsWith("#")) continue;
      const file = path.resolve(path.dirname(path.join(root, doc)), target!.split("#")[0]!);
      if (!file.startsWith(root + path.sep) || !existsSync(file)) broken.push(`${doc} -> ${target}`);
    }
    // Paths in backticks that climb out of the repository count too.
    for (const [, target] of text.matchAll(/`(\.\.\/[^`\s]+)`/g)) {
      const file = path.resolve(path.dirname(path.join(root, doc)), target!);
      if (!file.startsWith(root + path.sep)) broken.push(`${doc} -> ${target}`);
    }
  }
  expect(broken).toEqual([]);
});
