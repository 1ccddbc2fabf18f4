import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  looseObject,
  record,
  string,
  unknown
} from "./chunk-CW3O4QTE.js";

// src/state/person-settings.ts
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
var UserSettingsSchema = looseObject({
  pluginConfigs: record(string(), looseObject({ options: record(string(), unknown()).optional() })).optional()
});
var userHome = () => os.userInfo().homedir;
function pluginOption(home, key) {
  let raw;
  try {
    raw = JSON.parse(readFileSync(path.join(home, ".claude", "settings.json"), "utf8"));
  } catch {
    return void 0;
  }
  const parsed = UserSettingsSchema.safeParse(raw);
  if (!parsed.success) return void 0;
  for (const [id, config] of Object.entries(parsed.data.pluginConfigs ?? {}))
    if (id.split("@")[0] === "loopkit" && config.options?.[key] !== void 0) return config.options[key];
  return void 0;
}

export {
  userHome,
  pluginOption
};
