// The person's own plugin options (the plugin's userConfig), which Claude Code keeps in the OS user's
// ~/.claude/settings.json under pluginConfigs. Read from there, in the home folder of the OS user, and
// never from the environment or the project: a project's settings can set both the
// CLAUDE_PLUGIN_OPTION_* variables and HOME for hooks, and the project is the agent's to write.
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as z from "zod";

const UserSettingsSchema = z.looseObject({
  pluginConfigs: z.record(z.string(), z.looseObject({ options: z.record(z.string(), z.unknown()).optional() })).optional(),
});

/** The OS user's home folder from the user database, not from $HOME. */
export const userHome = () => os.userInfo().homedir;

/** The option `key` of any `loopkit@<marketplace>` entry in `<home>/.claude/settings.json`, or undefined. */
export function pluginOption(home: string, key: string): unknown {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path.join(home, ".claude", "settings.json"), "utf8"));
  } catch {
    return undefined;
  }
  const parsed = UserSettingsSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  for (const [id, config] of Object.entries(parsed.data.pluginConfigs ?? {}))
    if (id.split("@")[0] === "loopkit" && config.options?.[key] !== undefined) return config.options[key];
  return undefined;
}
