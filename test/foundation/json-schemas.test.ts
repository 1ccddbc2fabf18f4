// schemas/*.schema.json are what `npm run build` generates from the zod schemas of the JSON outputs.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { jsonSchemaFiles } from "../../scripts/json-schemas.js";

const dir = path.resolve(import.meta.dirname, "../../plugins/loopkit/schemas");

describe("schemas/", () => {
  it("holds exactly the generated files, each current (run `npm run build` and commit schemas/)", () => {
    const generated = jsonSchemaFiles();
    expect(readdirSync(dir).sort()).toEqual(Object.keys(generated).sort());
    for (const [name, text] of Object.entries(generated))
      expect(readFileSync(path.join(dir, name), "utf8"), `schemas/${name} is stale`).toBe(text);
  });

  it("versions every output", () => {
    for (const text of Object.values(jsonSchemaFiles())) expect(text).toMatch(/"version": \{\s+"type": "number",\s+"const": 1/);
  });
});
