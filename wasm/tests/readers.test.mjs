// Every JSON reader of the package, given as text (a JavaScript object cannot hold a key twice;
// text can): a field given twice is refused, never read as its last value (issue 34 item 2);
// and empty input is refused with the library's reason and a code that says which input
// (items 6 and 9).
//   bash wasm/build.sh && node --test wasm/tests/readers.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const data = (relative) => readFileSync(path.join(here, '../../tests/data', relative), 'utf8');
const require = createRequire(import.meta.url);
const sp = require('../pkg/index.node.cjs');
const { encode } = require('../pkg/encode.node.cjs');
const { detect } = require('../pkg/detect.node.cjs');

const AGREED = JSON.stringify({
  network: 'base', currency: 'USDC-base', maxPayerFees: '0.30', maxPayeeFees: '1.25',
  payments: [{ payee: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7', amount: '827.50', reference: '0xe23a6b02059c2b30' }],
});
const RESPONSE = data('pay/single_erc20_fees.json');
const TRON = JSON.parse(data('vectors/tron-transactions.jsonl').split('\n')[1]);
const TRON_RESPONSE = JSON.stringify({
  paymentType: 'single', feeBundle: null,
  metadata: { stepsRequired: 1, needsApproval: false, paymentTransactionIndex: 0 },
  transactions: [{ to: TRON.call.to, data: TRON.call.data, value: '0' }],
});
const TRON_AGREED = JSON.stringify({
  network: 'tron', currency: 'USDC-tron', payer: TRON.owner, maxTronFeeLimit: '300',
  payments: [{ payee: 'TGPhvPbswd6cQrwTQY898vd3EYPvNvq35c', amount: '1225.61574', reference: '0xae1ed2554fb11cd8' }],
});
const TRON_TX = JSON.stringify(TRON.transaction);
const CALL = '{"kind":"erc20_approve","spender":"0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814","amount":"827800000"}';
const CRITERIA = '{"network":"base","reference":"0xe23a6b02059c2b30","payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"}';
const LOGS = data('detect/base-usdc-logs.json');

/** `text` (JSON) written again with the first `key` found (depth first) given twice, with the
 *  same value: what is refused is the repetition itself, not another value. */
function twice(text, key) {
  let done = false;
  const write = (value) => {
    if (Array.isArray(value)) return `[${value.map(write).join(',')}]`;
    if (value === null || typeof value !== 'object') return JSON.stringify(value);
    const fields = Object.entries(value).map(([k, v]) => {
      const field = `${JSON.stringify(k)}:${write(v)}`;
      if (k !== key || done) return field;
      done = true;
      return `${field},${field}`;
    });
    return `{${fields.join(',')}}`;
  };
  const out = write(JSON.parse(text));
  assert.ok(done, `${key} in the text`);
  return out;
}

const refused = (code) => (error) => {
  assert.ok(error instanceof Error, 'an Error');
  assert.equal(error.code, code, error.message);
  assert.match(error.message, /duplicate field|given twice|more than once|duplicate key/i);
  assert.ok(!error.message.includes('\n'), 'one line');
  return true;
};

test('the inputs read as given are accepted (the texts the duplicates are made of)', () => {
  assert.equal(sp.verify(AGREED, RESPONSE).safe, true);
  assert.equal(sp.verify(TRON_AGREED, TRON_RESPONSE, TRON_TX).summary.at(-1).kind, 'tron_transaction');
  assert.match(encode(CALL).data, /^0x095ea7b3/);
  assert.equal(detect(CRITERIA, LOGS).balance, '827500000');
});

test('verify refuses an expectation with a field given twice, at the top and nested', () => {
  for (const key of ['network', 'currency', 'maxPayerFees', 'payments', 'payee', 'amount', 'reference']) {
    assert.throws(() => sp.verify(twice(AGREED, key), RESPONSE), refused('invalid_expectation'), key);
  }
});

test('verify: a pay response with a field given twice is unreadable, at the top and nested', () => {
  for (const key of ['paymentType', 'transactions', 'to', 'data', 'value', 'metadata', 'paymentTransactionIndex']) {
    const verdict = sp.verify(AGREED, twice(RESPONSE, key));
    assert.equal(verdict.safe, false, key);
    assert.equal(verdict.findings[0].code, 'response_unreadable', key);
    assert.match(verdict.findings[0].message, /duplicate field|given twice|more than once|duplicate key/i, key);
  }
});

test('verify refuses a TronWeb transaction with a field given twice, at the top and nested', () => {
  for (const key of ['txID', 'raw_data', 'raw_data_hex', 'fee_limit', 'owner_address']) {
    assert.throws(() => sp.verify(TRON_AGREED, TRON_RESPONSE, twice(TRON_TX, key)), refused('invalid_tron_transaction'), key);
  }
});

test('encode refuses a call description with a field given twice (the kind too)', () => {
  for (const key of ['kind', 'spender', 'amount']) {
    assert.throws(() => encode(twice(CALL, key)), refused('invalid_call'), key);
  }
  const batch = JSON.stringify({ kind: 'batch_erc20', token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    feeAddress: '0x0000000000000000000000000000000000000000',
    payees: [{ to: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7', amount: '1', reference: '0xe23a6b02059c2b30', feeAmount: '0' }] });
  assert.match(encode(batch).data, /^0x/);
  assert.throws(() => encode(twice(batch, 'feeAmount')), refused('invalid_call'), 'payees[0].feeAmount');
});

test('detect refuses criteria, and chain data, with a field given twice', () => {
  for (const key of ['network', 'reference', 'payee']) {
    assert.throws(() => detect(twice(CRITERIA, key), LOGS), refused('invalid_criteria'), key);
  }
  for (const key of ['address', 'topics', 'data', 'blockNumber', 'transactionHash']) {
    assert.throws(() => detect(CRITERIA, twice(LOGS, key)), refused('invalid_chain_data'), key);
  }
});

test('empty input: refused with the library reason and the code of the input', () => {
  const cases = [
    // Every reader of JSON text words empty input alike: `empty input: expected …` (item 9).
    ['verify expectation', () => sp.verify('', RESPONSE), 'invalid_expectation', /^empty input: expected an expectation \(a JSON object\)$/],
    ['verify tronTransaction', () => sp.verify(TRON_AGREED, TRON_RESPONSE, ''), 'invalid_tron_transaction', /^empty input: expected a TronWeb transaction \(a JSON object\)$/],
    ['decode network', () => sp.decode('', '0x00', '0x'), 'invalid_network', /^network: /],
    ['decode to', () => sp.decode('base', '', '0x'), 'invalid_address', /^to: /],
    ['decode data', () => sp.decode('base', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', ''), 'invalid_calldata', /^data: /],
    ['decode value', () => sp.decode('base', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', '0x', ''), 'invalid_value', /^value: /],
    ['paymentReference requestId', () => sp.paymentReference('', 'salt', '0xf17f52151EbEF6C7334FAD080c5704D77216b732'), 'invalid_reference_input', /^payment reference: .* is empty$/],
    ['paymentReference salt', () => sp.paymentReference('abcd', '', '0xf17f52151EbEF6C7334FAD080c5704D77216b732'), 'invalid_reference_input', /^payment reference: .* is empty$/],
    ['parseAmount', () => sp.parseAmount('', 6), 'invalid_amount', /./],
    ['formatAmount', () => sp.formatAmount('', 6), 'invalid_amount', /./],
    ['verifyWebhookSignature secret', () => sp.verifyWebhookSignature('', '{}', '00'), 'invalid_secret', /^the webhook secret is empty/],
    ['encode', () => encode(''), 'invalid_call', /^empty input: expected a call description \(a JSON object\)$/],
    ['detect criteria', () => detect('', LOGS), 'invalid_criteria', /^empty input: expected criteria \(a JSON object\)$/],
    ['detect chain data', () => detect(CRITERIA, ''), 'invalid_chain_data', /empty input: expected chain JSON/],
  ];
  for (const [name, call, code, message] of cases) {
    assert.throws(call, (error) => {
      assert.ok(error instanceof Error, name);
      assert.equal(error.code, code, `${name}: ${error.message}`);
      assert.match(error.message, message, name);
      assert.ok(!error.message.includes('\n'), name);
      // The library's reason, not the parser's (but for the library's readers of the Tron
      // transaction, the call format and chain JSON, above, whose reasons are serde_json's).
      if (!['invalid_tron_transaction', 'invalid_call', 'invalid_chain_data'].includes(code)) {
        assert.doesNotMatch(error.message, /EOF while parsing/, name);
      }
      return true;
    }, name);
  }
  // An empty response is a verdict, not an error: unreadable.
  assert.equal(sp.verify(AGREED, '').findings[0].code, 'response_unreadable');
  // An empty webhook signature does not sign the body.
  assert.equal(sp.verifyWebhookSignature('secret', '{}', ''), false);
});
