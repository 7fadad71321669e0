// The demo page in headless Chromium (Debian's `chromium`): served over HTTP from the
// repository (as its text says), it loads wasm/pkg, verifies the sample it starts with, a
// valid and a tampered response, and renders the verdict; opened as a file, or without its
// package, it says on the page why the module did not load and how to serve it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { serve, dom } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const AGREED = JSON.stringify({
  network: 'base', currency: 'USDC-base', maxPayerFees: '0.30', maxPayeeFees: '1.25',
  payments: [{ payee: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7', amount: '827.50', reference: '0xe23a6b02059c2b30' }],
});

/** Serves the repository, plus /agreed.json and /tampered.json (the payee swapped). */
async function serveRepository(extra = {}) {
  const response = await readFile(path.join(root, 'tests/data/pay/single_erc20_fees.json'), 'utf8');
  return serve(root, {
    '/agreed.json': AGREED,
    '/tampered.json': response.replaceAll('6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7', '1111111111111111111111111111111111111111'),
    ...extra,
  });
}

test('the demo page renders the verdict of its sample, of a valid and of a tampered response', async () => {
  const server = await serveRepository();
  const base = `http://127.0.0.1:${server.address().port}/wasm/demo/`;
  try {
    const sample = await dom(base);
    assert.match(sample, /data-ready="true"/);
    assert.match(sample, /id="verdict" data-safe="true"/);
    assert.match(sample, /Total leaving your wallet: 827.8 USDC/);
    assert.match(sample, /<p id="status" role="status" class="">Ready.<\/p>/);
    const valid = await dom(`${base}index.html?response=/tests/data/pay/single_erc20_fees.json&expectation=/agreed.json`);
    assert.match(valid, /data-ready="true"/);
    assert.match(valid, /id="verdict" data-safe="true"/);
    assert.match(valid, /Safe to sign/);
    assert.match(valid, /Total leaving your wallet: 827.8 USDC/);
    const tampered = await dom(`${base}index.html?response=/tampered.json&expectation=/agreed.json`);
    assert.match(tampered, /id="verdict" data-safe="false"/);
    assert.match(tampered, /Do not sign/);
    assert.match(tampered, /data-code="payment_payee"/);
  } finally {
    server.close();
  }
});

test('the demo page says on the page why the module did not load and how to serve it', async () => {
  // Opened as a file.
  const file = await dom(pathToFileURL(path.join(root, 'wasm/demo/index.html')).href);
  assert.match(file, /data-ready="error"/);
  assert.match(file, /<p id="status" role="status" class="error">Could not load securepay's WebAssembly module/);
  assert.match(file, /opened as a file/);
  assert.match(file, /python3 -m http.server 8000/);
  // Served, but without its package.
  const server = await serveRepository({ '/wasm/pkg/index.js': null });
  try {
    const missing = await dom(`http://127.0.0.1:${server.address().port}/wasm/demo/`);
    assert.match(missing, /data-ready="error"/);
    assert.match(missing, /Could not load securepay's WebAssembly module/);
    assert.match(missing, /bash wasm\/build.sh/);
  } finally {
    server.close();
  }
});
