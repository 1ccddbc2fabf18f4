// A throw-away Codex home wired to the fake model on 127.0.0.1 (a custom provider, no login), and
// the environment that runs the real `codex` from node_modules with every proxy pointed at the
// refusing loopback proxy.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const REAL_CODEX = path.resolve("node_modules/.bin/codex");

export interface CodexEnv {
  env: NodeJS.ProcessEnv;
  root: string;
  codexHome: string;
  projectDir: string;
  cleanup(): void;
}

export function makeCodexEnv(options: { baseUrl: string; proxyUrl: string; config?: string; bin?: string }): CodexEnv {
  const root = mkdtempSync(path.join(os.tmpdir(), "loopkit-codex-"));
  const codexHome = path.join(root, "codex-home");
  const home = path.join(root, "home");
  const projectDir = path.join(root, "project");
  // A temp folder of Codex's own, apart from CODEX_HOME: with a system bubblewrap on PATH, Codex runs
  // commands through it and needs its helper codex-linux-sandbox on PATH, which it creates only when
  // CODEX_HOME is not under its temp folder (codex-facts.md, last section).
  const tmp = path.join(root, "tmp");
  for (const dir of [codexHome, home, projectDir, tmp]) mkdirSync(dir);
  writeFileSync(
    path.join(codexHome, "config.toml"),
    options.config ??
      [
        'model = "fake-model"',
        'model_provider = "fake"',
        'approval_policy = "never"',
        'sandbox_mode = "read-only"',
        "check_for_update_on_startup = false",
        "[analytics]",
        "enabled = false",
        "[features]",
        "plugins = false",
        "[model_providers.fake]",
        'name = "fake"',
        `base_url = "${options.baseUrl}"`,
        'env_key = "FAKE_API_KEY"',
        'wire_api = "responses"',
        "request_max_retries = 0",
        "stream_max_retries = 0",
        "",
      ].join("\n"),
  );
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    CODEX_HOME: codexHome,
    TMPDIR: tmp,
    FAKE_API_KEY: "fake-key",
    LOOPKIT_CODEX_BIN: options.bin ?? REAL_CODEX,
    HTTP_PROXY: options.proxyUrl,
    HTTPS_PROXY: options.proxyUrl,
    ALL_PROXY: options.proxyUrl,
    http_proxy: options.proxyUrl,
    https_proxy: options.proxyUrl,
    all_proxy: options.proxyUrl,
    NO_PROXY: "127.0.0.1,localhost",
    no_proxy: "127.0.0.1,localhost",
  };
  return { env, root, codexHome, projectDir, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
