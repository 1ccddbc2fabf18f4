// Folders that package managers, build tools and test runners write: installed dependencies, build
// output, caches. The audit reads them last (goalposts.ts), and the verifier may write them (verification.ts);
// each rule adds its own to these.

export const TOOL_FOLDERS: readonly string[] = [
  "node_modules",
  "bower_components",
  "vendor",
  ".venv",
  "venv",
  "site-packages",
  ".tox",
  ".nox",
  "dist",
  "build",
  "out",
  "target",
  ".next",
  ".nuxt",
  ".svelte-kit",
  ".turbo",
  ".parcel-cache",
  ".gradle",
  "coverage",
  ".nyc_output",
  ".cache",
  "__pycache__",
  ".pytest_cache",
  ".mypy_cache",
  ".ruff_cache",
];
