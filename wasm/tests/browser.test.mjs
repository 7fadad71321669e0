// The demo page in headless Chromium (Debian's `chromium`): it loads wasm/pkg/web, verifies a
// valid and a tampered response, and renders the verdict. The page is served over HTTP from
// the repository (ES modules and .wasm are not loaded from file:).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };
const AGREED = JSON.stringify({
  network: 'base', currency: 'USDC-base', maxPayerFees: '0.30', maxPayeeFees: '1.25',
  payments: [{ payee: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7', amount: '827.50', reference: '0xe23a6b02059c2b30' }],
});

/** Serves the repository, plus /agreed.json and /tampered.json (the payee swapped). */
async function serve() {
  const response = await readFile(path.join(root, 'tests/data/pay/single_erc20_fees.json'), 'utf8');
  const extra = {
    '/agreed.json': AGREED,
    '/tampered.json': response.replaceAll('6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7', '1111111111111111111111111111111111111111'),
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    try {
      const body = extra[url.pathname] ?? await readFile(path.join(root, path.normalize(url.pathname)));
      res.writeHead(200, { 'content-type': TYPES[path.extname(url.pathname)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** The page's DOM once its scripts ran. Each run has a profile of its own: a second run on the
 *  default profile can find it still locked by the first one's exiting processes (seen in CI:
 *  the second Chromium exited at once). */
async function dom(url) {
  const chromium = process.env.CHROMIUM ?? 'chromium';
  const profile = await mkdtemp(path.join(tmpdir(), 'securepay-chromium-'));
  try {
    const { stdout } = await promisify(execFile)(chromium, [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
      `--user-data-dir=${profile}`, '--virtual-time-budget=15000', '--dump-dom', url,
    ], { maxBuffer: 1 << 24, timeout: 120_000 });
    return stdout;
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

test('the demo page renders the verdict of a valid and of a tampered response', async () => {
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}/wasm/demo/index.html`;
  try {
    const valid = await dom(`${base}?response=/tests/data/pay/single_erc20_fees.json&expectation=/agreed.json`);
    assert.match(valid, /data-ready="true"/);
    assert.match(valid, /id="verdict" data-safe="true"/);
    assert.match(valid, /Safe to sign/);
    assert.match(valid, /Total leaving your wallet: 827.8 USDC/);
    const tampered = await dom(`${base}?response=/tampered.json&expectation=/agreed.json`);
    assert.match(tampered, /id="verdict" data-safe="false"/);
    assert.match(tampered, /Do not sign/);
    assert.match(tampered, /data-code="payment_payee"/);
  } finally {
    server.close();
  }
});
