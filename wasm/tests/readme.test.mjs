// The README's JavaScript snippet runs as written (from the repository's root).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('the README snippet runs and prints a safe verdict', () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## From JavaScript and TypeScript'));
  const snippet = section.match(/```js\n([\s\S]*?)```/)[1];
  const run = spawnSync(process.execPath, ['-e', snippet], { cwd: root, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^true \[/);
  assert.match(run.stdout, /Total leaving your wallet: 827.8 USDC/);
  assert.match(run.stdout, /invalid_input/);
});
