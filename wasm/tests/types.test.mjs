// The .d.ts types every argument and result: a TypeScript file using them compiles with
// `tsc --noEmit --strict` (typescript from the npm registry, installed by `npm install` in wasm/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));

test('the TypeScript declarations type-check a use of every export', () => {
  const tsc = path.join(here, '../node_modules/typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '--noEmit', '--strict', '--target', 'es2020',
    '--module', 'commonjs', '--skipLibCheck', 'false', path.join(here, 'types.ts')], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stdout + run.stderr);
});
