// The browser's .wasm stays within its budget: at most 450 KB (450,000 bytes) gzipped, at
// gzip's highest level (zlib's, as servers compress). The budget was 400 KB until 0.3.0, whose
// verifier grew: issue 24's checks (zero fee addresses, bridge deposits, the smart account's
// funding step, undeclared fees) and `decode` of the LI.FI diamond cost about 14 KB gzipped,
// issue 25's (token facts, allowances followed in order, value sent to contracts) about 24 KB:
// 440,514 bytes when the budget was set. `securepay-wasm` at opt-level "s" instead of 3 saves
// 9.4 KB (measured), not enough for 420 KB, and slows `verify`. Bringing it back toward 400 KB
// is a goal of issue 28.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync, constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const BUDGET = 450_000;

test('the package\'s .wasm is at most 450 KB gzipped', () => {
  const wasm = readFileSync(path.join(here, '../pkg/securepay_wasm_bg.wasm'));
  const gzipped = gzipSync(wasm, { level: constants.Z_BEST_COMPRESSION }).length;
  assert.ok(gzipped <= BUDGET, `${gzipped} bytes gzipped, above the ${BUDGET} bytes budget`);
  // Symbols are removed (wasm-bindgen --remove-name-section): no "name" custom section.
  assert.ok(!wasm.includes(Buffer.from('\u0004name')), 'a name section is left in the .wasm');
});
