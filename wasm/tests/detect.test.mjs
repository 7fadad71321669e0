// The `securepay-wasm/detect` subpath from Node, through the entry points of wasm/pkg that its
// exports name: the CommonJS build (`require`), the ES module (`import`), and the browser build
// (its own `init()`, a clear error before it). Settlements of tests/data/detect, the error
// contract (a `code` of the ErrorCode union that says which input, one line), and the answers' shape against the declared types.
//   bash wasm/build.sh && node --test wasm/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const data = (relative) => path.join(here, '../../tests/data', relative);
const cjsPath = path.join(here, '../pkg/detect.node.cjs');
const sd = createRequire(import.meta.url)(cjsPath);

const LOGS = readFileSync(data('detect/base-usdc-logs.json'), 'utf8');
const RECEIPT = readFileSync(data('detect/base-usdc-receipt.json'), 'utf8');
const TRON = readFileSync(data('detect/tron-events.json'), 'utf8');
const PAYEE = '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7';
const CRITERIA = { network: 'base', reference: '0xe23a6b02059c2b30', payee: PAYEE, currency: 'USDC-base' };

const invalid = (pattern, code = 'invalid_criteria') => (error) => {
  assert.ok(error instanceof Error, 'an Error');
  assert.equal(error.code, code, error.message);
  assert.ok(!error.message.includes('\n'), 'one line');
  assert.match(error.message, pattern);
  return true;
};

/** The settlement of the base logs under CRITERIA, as `securepay detect` answers it. */
function assertBaseSettlement(settlement) {
  assert.equal(settlement.network, 'base');
  assert.equal(settlement.reference, '0xe23a6b02059c2b30');
  assert.equal(settlement.balance, '827500000');
  assert.equal(settlement.payments.length, 1);
  assert.equal(settlement.payments[0].fee, '300000');
  assert.equal(settlement.payments[0].contract, 'ERC20FeeProxy');
  assert.deepEqual(settlement.currency, { id: 'USDC-base', kind: 'token', hash: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', decimals: 6 });
  assert.ok(settlement.ignored.length > 0 && settlement.ignored.every((i) => i.code === 'other_reference'), JSON.stringify(settlement.ignored));
  assert.equal(settlement.feeBalance, null);
  assert.deepEqual(settlement.unchecked, ['fee_address']);
}

test('detect (CommonJS): the settlement from logs given as text, bytes or the parsed value', () => {
  for (const chain of [LOGS, new TextEncoder().encode(LOGS), JSON.parse(LOGS)]) {
    assertBaseSettlement(sd.detect(CRITERIA, chain));
  }
  // Criteria as JSON text; a JSON-RPC answer holding the logs.
  const rpc = `{"jsonrpc":"2.0","id":1,"result":${LOGS}}`;
  assertBaseSettlement(sd.detect(JSON.stringify(CRITERIA), rpc));
  // Nothing paid is a zero balance, not an error.
  const none = sd.detect({ network: 'base', reference: '0x1a2b3c4d5e6f7081' }, '[]');
  assert.equal(none.balance, '0');
  assert.deepEqual(none.unchecked, ['payee', 'currency', 'fee_address']);
});

test('detect: receipts, the fee address, the head block and Tron events', () => {
  const receipt = sd.detect({ ...CRITERIA, feeAddress: '0x9795d480C2C50392A4714A0F468059C6448DeCe2', headBlock: 30000100 }, RECEIPT);
  assert.equal(receipt.balance, '827500000');
  assert.equal(receipt.feeBalance, '300000');
  assert.equal(receipt.fees.length, 1);
  assert.equal(receipt.fees[0].counted, true);
  assert.equal(typeof receipt.payments[0].confirmations, 'number');
  assert.deepEqual(receipt.unchecked, []);
  const tron = sd.detect({ network: 'tron', reference: '0x9c66f86c09fda4eb', payee: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    currency: 'USDT-tron', feeAddress: 'TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs' }, TRON);
  assert.equal(tron.balance, '25000000');
  assert.equal(tron.payments[0].token, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  assert.equal(tron.feeBalance, '1000000');
});

test('detect refuses: a Tron payee on base, an unknown field, what is not chain JSON, more than 32 MiB', () => {
  assert.throws(() => sd.detect({ ...CRITERIA, payee: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }, LOGS), invalid(/^payee: /));
  assert.throws(() => sd.detect({ ...CRITERIA, txHash: '0x' }, LOGS), invalid(/^criteria: unknown field `txHash`/));
  assert.throws(() => sd.detect({ ...CRITERIA, network: 'solana' }, LOGS), invalid(/^network: /));
  assert.throws(() => sd.detect({ ...CRITERIA, currency: 'USDC-mainnet' }, LOGS), invalid(/^currency: /));
  assert.throws(() => sd.detect(CRITERIA, '{"not":"logs"}'), invalid(/^chain data: /, 'invalid_chain_data'));
  assert.throws(() => sd.detect(CRITERIA, { not: 'logs' }), invalid(/^chain data: /, 'invalid_chain_data'));
  assert.throws(() => sd.detect({ ...CRITERIA, network: 'tron' }, LOGS), (e) => e.code === 'invalid_criteria' || e.code === 'invalid_chain_data');
  // Above MAX_CHAIN_JSON_BYTES, text and bytes are refused before they are copied.
  const max = 32 * 1024 * 1024;
  assert.throws(() => sd.detect(CRITERIA, ' '.repeat(max + 1)), invalid(/^chain data: 33554433 characters, above the 33554432 bytes/, 'too_large'));
  assert.throws(() => sd.detect(CRITERIA, new Uint8Array(max + 1)), invalid(/^chain data: 33554433 bytes, above the 33554432 bytes/, 'too_large'));
  // Arguments of another type.
  assert.throws(() => sd.detect(42, LOGS), invalid(/^criteria: expected a JSON string or an object/, 'wrong_type'));
  assert.throws(() => sd.detect(CRITERIA, 42), invalid(/^chain data: expected a JSON string or an object/, 'wrong_type'));
});

test('detect (ES module): the CommonJS build, ready when imported', async () => {
  const esm = await import('../pkg/detect.node.mjs');
  assert.equal(esm.detect, sd.detect);
  assert.equal(esm.default, esm.init);
  assertBaseSettlement(esm.detect(CRITERIA, LOGS));
  assert.equal(await esm.init(), undefined);
  assert.equal(esm.initSync(), undefined);
});

test('detect, the browser build from Node: a clear error before its own init(), then init() once and again', async () => {
  const web = await import('../pkg/detect.js');
  const names = (m) => Object.keys(m).filter((k) => k !== 'default').sort();
  assert.deepEqual(names(web), ['detect', 'init', 'initSync']);
  assert.deepEqual(names(web), names(sd));
  assert.equal(web.default, web.init);
  // The main entry point's init() loads the verifier's module, not this one.
  const main = await import('../pkg/index.js');
  await main.init(readFileSync(path.join(here, '../pkg/securepay_wasm_bg.wasm')));
  assert.throws(() => web.detect(CRITERIA, LOGS), (error) => error instanceof Error && error.code === 'not_initialized'
    && /^securepay-wasm\/detect: detect\(\) was called before its WebAssembly module was loaded: call `await init\(\)` from securepay-wasm\/detect once first/.test(error.message));
  await web.init(readFileSync(path.join(here, '../pkg/securepay_detect_bg.wasm')));
  await web.init(); // loaded: nothing is fetched
  assertBaseSettlement(web.detect(CRITERIA, LOGS));
  assert.throws(() => web.detect({ ...CRITERIA, txHash: '0x' }, LOGS), invalid(/^criteria: unknown field/));
});

test('every settlement has the shape the TypeScript declarations give it', () => {
  const base = { network: 'base', reference: '0xe23a6b02059c2b30' };
  const settlements = [
    sd.detect(base, LOGS),
    sd.detect({ ...CRITERIA, headBlock: 30000100 }, LOGS),
    sd.detect({ ...base, feeAddress: '0x9795d480C2C50392A4714A0F468059C6448DeCe2', refundReference: '0x1111111111111111' }, RECEIPT),
    sd.detect({ ...base, currency: 'EUR' }, LOGS),
    sd.detect({ ...base, refundReference: '0x1111111111111111', refundAddress: PAYEE }, LOGS),
    sd.detect({ network: 'tron', reference: '0x9c66f86c09fda4eb' }, TRON),
    sd.detect({ network: 'base', reference: '0x1a2b3c4d5e6f7081' }, '[]'),
  ];
  // What the corpus reaches: payments, counted fees, confirmations, ignored logs, no currency.
  assert.ok(settlements.some((s) => s.payments.some((p) => p.confirmations !== undefined)));
  assert.ok(settlements.some((s) => s.fees.some((f) => f.counted)));
  assert.ok(settlements.some((s) => s.ignored.length > 0));
  assert.ok(settlements.some((s) => s.currency === null));
  const criteria = [CRITERIA, { ...base, refundReference: '0x1111111111111111', refundAddress: PAYEE, feeAddress: PAYEE, headBlock: 1 }];
  const dir = mkdtempSync(path.join(tmpdir(), 'securepay-detect-conformance-'));
  try {
    const file = path.join(dir, 'answers.ts');
    const lines = [`import type { Settlement, DetectCriteria } from ${JSON.stringify(cjsPath)};`];
    settlements.forEach((s, i) => lines.push(`export const settlement_${i}: Settlement = ${JSON.stringify(s)};`));
    criteria.forEach((c, i) => lines.push(`export const criteria_${i}: DetectCriteria = ${JSON.stringify(c)};`));
    writeFileSync(file, lines.join('\n'));
    const tsc = path.join(here, '../node_modules/typescript/bin/tsc');
    const run = spawnSync(process.execPath, [tsc, '--noEmit', '--strict', '--target', 'es2020', '--module', 'commonjs', file], { encoding: 'utf8' });
    assert.equal(run.status, 0, `${file}:\n${run.stdout}${run.stderr}`.slice(0, 4000));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
