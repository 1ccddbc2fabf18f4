// Every relative link in the docs points at a file in this repository (no link leaves it), at a heading
// that exists, and the documents the plugin ships link only inside the plugin folder (an installed
// copy has nothing else).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const plugin = path.join(root, "plugins", "loopkit");
const docs = [
  "README.md",
  "plugins/loopkit/README.md",
  ...[
    "docs",
    ...["repeat", "repeat/references", "auto-loop", "auto-loop/references"].map((dir) => `plugins/loopkit/skills/${dir}`),
  ].flatMap((dir) =>
    readdirSync(path.join(root, dir))
      .filter((name) => name.endsWith(".md"))
      .map((name) => path.join(dir, name)),
  ),
];

/** GitHub's anchors for a Markdown file's headings. */
function anchors(file: string): Set<string> {
  const text = readFileSync(file, "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return new Set(
    [...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) =>
      heading!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, "")
        .replace(/ /g, "-"),
    ),
  );
}

it("the README links every document in docs/", () => {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const linked = new Set([...readme.matchAll(/\]\((docs\/[^)#\s]+\.md)/g)].map(([, target]) => target));
  const unlinked = readdirSync(path.join(root, "docs")).filter((name) => name.endsWith(".md") && !linked.has(`docs/${name}`));
  expect(unlinked).toEqual([]);
});

it("links only to files and headings inside the repository, and from the plugin's documents only inside the plugin", () => {
  const broken: string[] = [];
  for (const doc of docs) {
    const source = path.join(root, doc);
    const text = readFileSync(source, "utf8");
    const home = source.startsWith(plugin + path.sep) ? plugin : root;
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      const [file, anchor] = target!.split("#");
      const resolved = file ? path.resolve(path.dirname(source), file) : source;
      if (!resolved.startsWith(home + path.sep) || !existsSync(resolved)) broken.push(`${doc} -> ${target}`);
      else if (anchor !== undefined && resolved.endsWith(".md") && !anchors(resolved).has(anchor))
        broken.push(`${doc} -> ${target} (no such heading)`);
    }
    // Paths in backticks that climb out of the repository (or the plugin) count too.
    for (const [, target] of text.matchAll(/`(\.\.\/[^`\s]+)`/g)) {
      const file = path.resolve(path.dirname(source), target!);
      if (!file.startsWith(home + path.sep)) broken.push(`${doc} -> ${target}`);
    }
  }
  expect(broken).toEqual([]);
});
