// The browser's .wasm stays within its budget: at most 450 KB (450,000 bytes) gzipped, at
// gzip's highest level (zlib's, as servers compress). The budget was 400 KB until 0.3.0, whose
// verifier grew: issue 24's checks (zero fee addresses, bridge deposits, the smart account's
// funding step, undeclared fees) and `decode` of the LI.FI diamond cost about 14 KB gzipped,
// issue 25's (token facts, allowances followed in order, value sent to contracts) about 24 KB:
// 440,514 bytes when the budget was set. `securepay-wasm` at opt-level "s" instead of 3 saves
// 9.4 KB (measured), not enough for 420 KB, and slows `verify`. Bringing it back toward 400 KB
// is a goal of issue 28. Issue 28's allocation work (inline short text, sorted lists instead of
// maps) first cost 22 KB gzipped, 16 KB of it eight copies of the standard sort: one sort
// (src/verify/order.rs) brought it back to 442,997 bytes `gzip -9` (about 447,000 zlib 9).
// `detect` (securepay-wasm/detect) is its own module so that it adds nothing to this one (in it,
// it cost about 57 KB gzipped): 136,550 bytes zlib 9 when split out, its budget 140,000. The
// main module was 440,268 bytes before the split and 439,853 after (the boundary moved to its
// own crate); 441,132 once `encode`'s call format moved from the CLI crate (compiled at "z") into
// the library (at "s"). That detect stays out of it is checked by the exports below, not by a
// ratchet on its size (a newer stable rustc moves it by a few hundred bytes either way).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync, constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const BUDGET = 450_000;
const DETECT_BUDGET = 140_000;

const gzipped = (name) => gzipSync(readFileSync(path.join(here, '../pkg', name)), { level: constants.Z_BEST_COMPRESSION }).length;
/** The names a .wasm exports. */
const exportsOf = (name) => WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(path.join(here, '../pkg', name)))).map((e) => e.name);

test('the package\'s .wasm is at most 450 KB gzipped', () => {
  const wasm = readFileSync(path.join(here, '../pkg/securepay_wasm_bg.wasm'));
  const gzipped = gzipSync(wasm, { level: constants.Z_BEST_COMPRESSION }).length;
  assert.ok(gzipped <= BUDGET, `${gzipped} bytes gzipped, above the ${BUDGET} bytes budget`);
  // Symbols are removed (wasm-bindgen --remove-name-section): no "name" custom section.
  assert.ok(!wasm.includes(Buffer.from('\u0004name')), 'a name section is left in the .wasm');
});

test('the detect module is at most 140 KB gzipped, with no name section', () => {
  const detect = gzipped('securepay_detect_bg.wasm');
  assert.ok(detect <= DETECT_BUDGET, `${detect} bytes gzipped, above the ${DETECT_BUDGET} bytes budget`);
  assert.ok(!readFileSync(path.join(here, '../pkg/securepay_detect_bg.wasm')).includes(Buffer.from('\u0004name')), 'a name section is left in the detect .wasm');
});

test('each module exports its own functions: detect is not in the main module, the verifier not in detect', () => {
  const main = exportsOf('securepay_wasm_bg.wasm');
  const detect = exportsOf('securepay_detect_bg.wasm');
  assert.ok(main.includes('verify') && !main.includes('detect'), main.join(' '));
  assert.ok(detect.includes('detect') && !detect.includes('verify') && !detect.includes('decode'), detect.join(' '));
});
