// The README's JavaScript snippet runs as written, from the repository's root, with
// `securepay-wasm` resolved to wasm/pkg as an installed package is (by its `exports`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, symlinkSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('the README snippet runs and prints a safe verdict', () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## From JavaScript and TypeScript'));
  const snippet = section.match(/```js\n([\s\S]*?)```/)[1];
  assert.match(snippet, /require\('securepay-wasm'\)/);
  const modules = mkdtempSync(path.join(tmpdir(), 'securepay-readme-'));
  try {
    symlinkSync(path.join(root, 'wasm/pkg'), path.join(modules, 'securepay-wasm'), 'dir');
    const run = spawnSync(process.execPath, ['-e', snippet], {
      cwd: root, encoding: 'utf8', env: { ...process.env, NODE_PATH: modules },
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^true \[/);
    assert.match(run.stdout, /Total leaving your wallet: 827.8 USDC/);
    assert.match(run.stdout, /invalid_amount/);
  } finally {
    rmSync(modules, { recursive: true, force: true });
  }
});
