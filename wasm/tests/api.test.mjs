// The package from Node: the shared vectors, the verification fixtures and tamper cases of
// tests/, and the error contract (a `code` of the ErrorCode union that says which input was
// refused, the library's one-line reason).
//   bash wasm/build.sh && node --test wasm/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const data = (relative) => path.join(here, '../../tests/data', relative);
const sp = createRequire(import.meta.url)('../pkg/index.node.cjs');
const { encode, interopName } = createRequire(import.meta.url)('../pkg/encode.node.cjs');

/** `invalid(code)`: a check that an Error has that code and a one-line message. */
const invalid = (code) => (error) => {
  assert.ok(error instanceof Error, 'an Error');
  assert.equal(error.code, code, error.message);
  assert.ok(!error.message.includes('\n'), 'one line');
  return true;
};

test('every abi-calls vector encodes byte for byte or fails with its message', () => {
  const lines = readFileSync(data('vectors/abi-calls.jsonl'), 'utf8').trim().split('\n');
  assert.ok(lines.length >= 66);
  for (const line of lines) {
    const vector = JSON.parse(line);
    if ('expected' in vector) {
      const answer = encode(vector.input);
      const got = 'data' in answer ? answer.data : answer.result;
      assert.equal(got, vector.expected, vector.id);
      // A string is read as the same description.
      assert.deepEqual(encode(JSON.stringify(vector.input)), answer, vector.id);
    } else {
      assert.throws(() => encode(vector.input), (error) => invalid('invalid_call')(error) && error.message === vector.expected_error, vector.id);
    }
  }
});

test('every webhook signature vector verifies, and a changed body does not', () => {
  const { vectors } = JSON.parse(readFileSync(data('vectors/webhook-signatures.json'), 'utf8'));
  assert.ok(vectors.length > 0);
  for (const v of vectors) {
    // A vector may say it is not valid (`valid: false`, and why).
    const valid = v.valid ?? true;
    assert.equal(sp.verifyWebhookSignature(v.secret, v.body, v.signature), valid, v.why);
    assert.equal(sp.verifyWebhookSignature(v.secret, new TextEncoder().encode(v.body), v.signature), valid, v.why);
    assert.equal(sp.verifyWebhookSignature(v.secret, v.body + ' ', v.signature), false);
  }
  assert.ok(vectors.some((v) => v.valid === false), 'the vectors include a refused one');
  // A malformed header does not sign the body: false, as a wrong digest is. An empty secret
  // verifies nothing: refused, whatever the header.
  for (const header of ['not hex', '', '00', 'A'.repeat(64), `sha256=${'0'.repeat(64)}`]) {
    assert.equal(sp.verifyWebhookSignature('s', '{}', header), false, header);
  }
  for (const header of ['00'.repeat(32), 'not hex']) {
    assert.throws(() => sp.verifyWebhookSignature('', '{}', header), (error) => invalid('invalid_secret')(error)
      && error.message === 'the webhook secret is empty: use the secret returned when the webhook was created');
  }
});

const AGREED = {
  network: 'base', currency: 'USDC-base', maxPayerFees: '0.30', maxPayeeFees: '1.25',
  payments: [{ payee: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7', amount: '827.50', reference: '0xe23a6b02059c2b30' }],
};
const RESPONSE = readFileSync(data('pay/single_erc20_fees.json'), 'utf8');

test('a documented response verifies safe, from text, bytes and an object expectation', () => {
  for (const [expectation, response] of [
    [AGREED, RESPONSE], [JSON.stringify(AGREED), RESPONSE], [AGREED, new TextEncoder().encode(RESPONSE)],
  ]) {
    const verdict = sp.verify(expectation, response);
    assert.equal(verdict.safe, true);
    // No finding; one assumption: USDC (Circle's FiatToken) takes no fee on transfer today.
    assert.deepEqual(verdict.findings, []);
    assert.deepEqual(verdict.assumptions.map((a) => [a.behaviour, a.changeable]), [['fee_on_transfer', true]]);
    assert.deepEqual(verdict.summary.map((l) => l.kind), ['approve', 'pay', 'fee', 'fee', 'total']);
    assert.equal(verdict.summary.at(-1).text, 'Total leaving your wallet: 827.8 USDC');
    assert.equal(verdict.summary.at(-1).amount.units, '827800000');
  }
});

test('text that is not ASCII crosses the boundary both ways unchanged', () => {
  const verdict = sp.verify(AGREED, RESPONSE);
  // Every party in full (0.3.0): the summary's own text is ASCII; the label below is not.
  assert.equal(verdict.summary[1].text, 'Pay 826.25 USDC to 0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7 on Base, reference 0xe23a6b02059c2b30');
  // A label with a two-byte, a three-byte and a four-byte (surrogate pair) character, read from
  // text and from bytes, comes back as written.
  const label = 'frais \u00e9 \u2014 plateforme \u{1F4B8}';
  const labelled = RESPONSE.replace('"platform fee"', JSON.stringify(label));
  assert.notEqual(labelled, RESPONSE);
  for (const response of [labelled, new TextEncoder().encode(labelled)]) {
    const fee = sp.verify(AGREED, response).summary[2];
    assert.equal(fee.label, label);
    assert.ok(fee.text.includes(label), fee.text);
  }
});

test('a response above 8 MiB is refused before it is copied; at 8 MiB it is read', () => {
  const max = 8 * 1024 * 1024;
  for (const response of ['x'.repeat(max + 1), new Uint8Array(max + 1)]) {
    assert.throws(() => sp.verify(AGREED, response),
      (error) => invalid('too_large')(error) && error.message.startsWith('response: 8388609 ') && error.message.includes('8388608 bytes'));
  }
  const verdict = sp.verify(AGREED, ' '.repeat(max));
  assert.equal(verdict.safe, false);
  assert.deepEqual(verdict.findings.map((f) => f.code), ['response_unreadable']);
  // Text that is not ASCII is read whole (one to three bytes a character).
  assert.equal(sp.verify(AGREED, '\u00e9'.repeat(3)).findings[0].code, 'response_unreadable');
});

test('each tampering of the response is a danger with its code', () => {
  const swapped = RESPONSE.replaceAll('6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7', '1111111111111111111111111111111111111111');
  const cases = [
    ['a swapped payee', AGREED, swapped, 'payment_payee'],
    ['a lower agreed amount (the excess is an unagreed fee)', { ...AGREED, payments: [{ ...AGREED.payments[0], amount: '827.49' }] }, RESPONSE, 'payer_fees_above_max'],
    ['no payee fee agreed', { ...AGREED, maxPayeeFees: undefined }, RESPONSE, 'payment_amount'],
    ['not a pay response', AGREED, '{"paymentType":"triple"}', 'response_unreadable'],
  ];
  for (const [name, expectation, response, code] of cases) {
    const verdict = sp.verify(expectation, response);
    assert.equal(verdict.safe, false, name);
    const finding = verdict.findings.find((f) => f.code === code);
    assert.ok(finding, `${name}: ${JSON.stringify(verdict.findings.map((f) => f.code))}`);
    assert.equal(finding.severity, 'danger');
  }
  assert.throws(() => sp.verify({ network: 'base' }, RESPONSE), invalid('invalid_expectation'));
  assert.throws(() => sp.verify(AGREED, 42), invalid('wrong_type'));
});

test('the Tron transaction about to be signed is checked', () => {
  const vector = JSON.parse(readFileSync(data('vectors/tron-transactions.jsonl'), 'utf8').split('\n')[1]);
  const response = JSON.stringify({
    paymentType: 'single', feeBundle: null,
    metadata: { stepsRequired: 1, needsApproval: false, paymentTransactionIndex: 0 },
    transactions: [{ to: vector.call.to, data: vector.call.data, value: '0' }],
  });
  const agreed = (cap) => ({
    network: 'tron', currency: 'USDC-tron', payer: vector.owner, maxTronFeeLimit: cap,
    payments: [{ payee: 'TGPhvPbswd6cQrwTQY898vd3EYPvNvq35c', amount: '1225.61574', reference: '0xae1ed2554fb11cd8' }],
  });
  const verdict = sp.verify(agreed('300'), response, vector.transaction);
  assert.equal(verdict.safe, true, JSON.stringify(verdict.findings));
  const tron = verdict.summary.at(-1);
  assert.equal(tron.kind, 'tron_transaction');
  assert.equal(tron.feeLimit.units, '150000000');
  const strict = sp.verify(agreed('100'), response, JSON.stringify(vector.transaction));
  // No approval: the payment relies on an earlier allowance (a caution); USDC on Tron: a fee not
  // proven absent (a caution). The one danger: the fee limit.
  const dangers = strict.findings.filter((f) => f.severity === 'danger');
  assert.deepEqual(dangers.map((f) => f.code), ['tron_fee_limit_above_max']);
  assert.deepEqual(strict.findings.map((f) => f.code), ['approval_below_need', 'token_behaviour', 'tron_fee_limit_above_max']);
  const tampered = { ...vector.transaction, txID: '00'.repeat(32) };
  assert.ok(sp.verify(agreed('300'), response, tampered).findings.some((f) => f.code === 'tron_tx_id_mismatch'));
  assert.throws(() => sp.verify(agreed('300'), response, { txID: '00' }), invalid('invalid_tron_transaction'));
});

test('decode, payment references and exact amounts', () => {
  const call = sp.decode('base', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    '0x095ea7b30000000000000000000000001892196e80c4c17ea5100da765ab48c1fe2fb8140000000000000000000000000000000000000000000000000000000000a037a0');
  assert.equal(call.function, 'approve');
  assert.equal(call.value, '0');
  assert.throws(() => sp.decode('base', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', '0x12'), invalid('undecodable_call'));
  assert.throws(() => sp.decode('nowhere', '0x00', '0x'), invalid('invalid_network'));
  assert.equal(sp.paymentReference('abcd', 'salt', '0xf17f52151EbEF6C7334FAD080c5704D77216b732'), '0x86dfbccad783599a');
  assert.throws(() => sp.paymentReference('', 'salt', '0x00'), invalid('invalid_reference_input'));
  assert.equal(sp.parseAmount('10.50', 6), '10500000');
  assert.equal(sp.parseAmount('115792089237316195423570985008687907853269984665640564039457.584007913129639935', 18),
    '115792089237316195423570985008687907853269984665640564039457584007913129639935');
  assert.equal(sp.formatAmount('10500000', 6), '10.5');
  assert.throws(() => sp.parseAmount('1.0000001', 6), invalid('invalid_amount'));
  assert.throws(() => sp.parseAmount('1e3', 6), invalid('invalid_amount'));
  assert.throws(() => sp.formatAmount('-1', 6), invalid('invalid_amount'));
});

test('decode at the LI.FI diamond: the Across V4 calls with their destination payments, other functions refused by name', () => {
  const DIAMOND = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE';
  const networks = { 1: 'mainnet', 137: 'matic', 42161: 'arbitrum-one' };
  const vectors = readFileSync(data('vectors/lifi-calldata-examples.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  let decoded = 0;
  let refused = 0;
  for (const v of vectors) {
    if (v.to.toLowerCase() !== DIAMOND.toLowerCase()) continue;
    if (v.function.includes('(AcrossFacetV4)')) {
      decoded += 1;
      const call = sp.decode(networks[v.chainId], v.to, v.data);
      assert.equal(call.contract, 'LiFiDiamond');
      assert.ok(v.function.startsWith(`${call.function} `), v.function);
      assert.deepEqual(call.args._bridgeData, v.decoded.bridgeData);
      assert.equal(call.args._acrossData.outputAmount, v.decoded.acrossData.outputAmount);
      assert.equal(call.args._acrossData.receiverAddress.toLowerCase(), `0x${v.decoded.acrossData.receiverAddress.slice(26)}`);
      assert.equal((call.args._swapData ?? []).length, (v.decoded.swapData ?? []).length);
      assert.equal(call.destination, null);
    } else {
      refused += 1;
      assert.throws(() => sp.decode(networks[v.chainId], v.to, v.data), (error) => invalid('undecodable_call')(error)
        && error.message.startsWith('LI.FI diamond: ') && !error.message.includes('unknown function selector'), v.function);
    }
  }
  assert.deepEqual([decoded, refused], [2, 6]);
  assert.throws(() => sp.decode('arbitrum-one', DIAMOND, vectors[5].data),
    (error) => invalid('undecodable_call')(error) && error.message.startsWith('LI.FI diamond: startBridgeTokensViaRelay (0xae328590, RelayFacet) is not allowed'));
  // Truncated: refused with the reason.
  const across = vectors[0].data;
  assert.throws(() => sp.decode('arbitrum-one', DIAMOND, across.slice(0, -64)),
    (error) => invalid('undecodable_call')(error) && error.message === 'LI.FI diamond: startBridgeTokensViaAcrossV4: calldata is truncated');

  // The cross-chain call the plan builds (tests/data/pay, pinned by tests/it/pay/plan.rs):
  // its destination message pays the payee through the ERC20FeeProxy on Base.
  const body = JSON.parse(readFileSync(data('pay/single_crosschain_optimism_to_base.json'), 'utf8'));
  const call = sp.decode('optimism', body.transactions[1].to, body.transactions[1].data);
  assert.equal(call.function, 'startBridgeTokensViaAcrossV4');
  assert.equal(call.args._bridgeData.hasDestinationCall, true);
  assert.equal(call.destination.network, 'base');
  const message = call.destination.message;
  assert.equal(message.receiver, '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7');
  assert.equal(message.swapData.length, 1);
  const pay = message.swapData[0].call;
  assert.equal(pay.network, 'base');
  assert.equal(pay.contract, 'ERC20FeeProxy');
  assert.equal(pay.function, 'transferFromWithReferenceAndFee');
  assert.deepEqual(pay.args, {
    _tokenAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', _to: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7',
    _amount: '10000000', _paymentReference: '0x1a2b3c4d5e6f7081', _feeAmount: '0', _feeAddress: '0x0000000000000000000000000000000000000000',
  });
  // The same call to Solana (LI.FI's chain id 1151111081099710): the message decodes, its calls do not.
  const data_ = body.transactions[1].data;
  const id = (1151111081099710).toString(16).padStart(64, '0');
  const chainWord = 2 + 8 + 64 * (2 + 7); // selector, BridgeData offset and Across offset, then 7 words into BridgeData
  assert.equal(data_.slice(chainWord, chainWord + 64), (8453).toString(16).padStart(64, '0'));
  const toSolana = sp.decode('optimism', DIAMOND, data_.slice(0, chainWord) + id + data_.slice(chainWord + 64));
  assert.match(toSolana.destination.network.error, /^destinationChainId 1151111081099710 is not one of the service's chains/);
  assert.equal(toSolana.destination.message.swapData[0].call, null);
});

test('every interop-address vector reads, and each one to reject throws', () => {
  const vectors = JSON.parse(readFileSync(data('vectors/interop-addresses.json'), 'utf8'));
  // The crate reads the eip155 profile only (the service's chains); another namespace throws.
  const others = vectors.valid.filter((v) => v.chainType === 'solana');
  for (const v of others) assert.throws(() => interopName(v.name), invalid('invalid_interop_name'), v.name);
  const eip155 = vectors.valid.filter((v) => v.chainType !== 'solana');
  assert.ok(eip155.length > 0);
  for (const v of [...eip155, ...vectors.computedForServiceDocAddresses]) {
    const info = interopName(v.name);
    assert.equal(info.binary, v.binary, v.name);
    if (v.checksum) assert.equal(info.checksum, v.checksum, v.name);
    assert.deepEqual(interopName(v.binary).binary, v.binary, v.name);
    if (v.address) assert.equal(info.address, v.address, v.name);
  }
  assert.ok(vectors.mustReject.length > 0);
  for (const v of vectors.mustReject) assert.throws(() => interopName(v.name), invalid('invalid_interop_name'), v.why);
});

test('an argument of the wrong type throws wrong_type, and the module goes on working', () => {
  const token = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
  const approve = '0x095ea7b30000000000000000000000001892196e80c4c17ea5100da765ab48c1fe2fb8140000000000000000000000000000000000000000000000000000000000a037a0';
  const says = (message, code = 'wrong_type') => (error) => invalid(code)(error) && error.message === message;
  for (const wrong of [123, undefined, null, {}, ['0x'], true, 10n]) {
    assert.throws(() => sp.decode(wrong, token, approve), says('network: expected a string'));
    assert.throws(() => sp.decode('base', wrong, approve), says('to: expected a string'));
    assert.throws(() => sp.decode('base', token, wrong), says('data: expected a string'));
    assert.throws(() => sp.paymentReference(wrong, 'salt', token), says('requestId: expected a string'));
    assert.throws(() => sp.paymentReference('abcd', wrong, token), says('salt: expected a string'));
    assert.throws(() => sp.paymentReference('abcd', 'salt', wrong), says('address: expected a string'));
    assert.throws(() => sp.parseAmount(wrong, 6), says('text: expected a string'));
    assert.throws(() => sp.formatAmount(wrong, 6), says('units: expected a string'));
    assert.throws(() => interopName(wrong), says('text: expected a string'));
    assert.throws(() => sp.verifyWebhookSignature(wrong, '{}', '00'), says('secret: expected a string'));
    assert.throws(() => sp.verifyWebhookSignature('secret', '{}', wrong), says('signature: expected a string'));
  }
  // `value` is optional: absent, undefined or null is no value; a number is refused.
  assert.equal(sp.decode('base', token, approve, null).value, '0');
  assert.equal(sp.decode('base', token, approve, undefined).value, '0');
  assert.throws(() => sp.decode('base', token, approve, 5), says('value: expected a string'));
  // Decimals are a whole number: never wrapped (262 is not 6) nor truncated (1.5 is not 1).
  for (const wrong of [262, 256, -1, 1.5, NaN, Infinity]) {
    assert.throws(() => sp.parseAmount('1', wrong), says(`decimals: ${Number.isNaN(wrong) ? 'NaN' : wrong === Infinity ? 'inf' : wrong} is not a whole number from 0 to 77`, 'invalid_decimals'), String(wrong));
    assert.throws(() => sp.formatAmount('1', wrong), invalid('invalid_decimals'), String(wrong));
  }
  for (const wrong of ['6', null, undefined, 6n]) {
    assert.throws(() => sp.parseAmount('1', wrong), says('decimals: expected a number'), String(wrong));
  }
  assert.throws(() => sp.parseAmount('1', 78), says('78 decimals is out of range: at most 77 are supported', 'invalid_decimals'));
  assert.equal(sp.parseAmount('1', 77), `1${'0'.repeat(77)}`);
  assert.equal(sp.formatAmount('1', 0), '1');
  // Still working after all of that.
  assert.equal(sp.decode('base', token, approve).function, 'approve');
  assert.equal(sp.paymentReference('abcd', 'salt', '0xf17f52151EbEF6C7334FAD080c5704D77216b732'), '0x86dfbccad783599a');
});

test('verdicts name fields in camelCase and enumerated values in snake_case', () => {
  const responses = readdirSync(data('pay')).map((f) => readFileSync(data(`pay/${f}`), 'utf8'));
  const fees = JSON.parse(RESPONSE);
  fees.feeBundle.fees[0].chainId = '10'; // a structural problem, with its `chainId`
  responses.push(JSON.stringify(fees));
  const expectations = [AGREED, { ...AGREED, smartAccount: '0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814' },
    { ...AGREED, sourceNetwork: 'arbitrum-one', sourceCurrency: 'USDC-arbitrum-one', maxSourceAmount: '900' }];
  const keys = new Set();
  const values = new Set();
  const walk = (value) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      keys.add(key);
      if (['kind', 'code', 'severity', 'bearer'].includes(key) && typeof inner === 'string') values.add(inner);
      walk(inner);
    }
  };
  for (const response of responses) for (const expectation of expectations) walk(sp.verify(expectation, response));
  for (const key of ['crossChain', 'atMost', 'bridgedFrom', 'chainId', 'expectedParty']) assert.ok(keys.has(key), key);
  assert.deepEqual([...keys].filter((k) => !/^[a-z][a-zA-Z0-9]*$/.test(k)), []);
  assert.ok(values.has('smart_account') && values.has('fee_entry_chain_id'), [...values].join(' '));
  assert.deepEqual([...values].filter((v) => !/^[a-z0-9]+(_[a-z0-9]+)*$/.test(v)), []);
});

test('the browser build, from Node: a clear error before init(), then init() once and again', async () => {
  const web = await import('../pkg/index.js');
  const node = await import('../pkg/index.node.mjs');
  const names = (m) => Object.keys(m).filter((k) => k !== 'default').sort();
  // The three entry points export the same functions.
  assert.deepEqual(names(web), names(sp));
  assert.deepEqual(names(node), names(sp));
  assert.equal(node.default, node.init);
  assert.equal(web.default, web.init);
  for (const call of [() => web.verify(AGREED, RESPONSE), () => web.parseAmount('1', 6), () => web.decode('base', '0x00', '0x')]) {
    assert.throws(call, (error) => error instanceof Error && error.code === 'not_initialized'
      && /^securepay-wasm: \w+\(\) was called before the WebAssembly module was loaded: call `await init\(\)` once first/.test(error.message));
  }
  const bytes = readFileSync(path.join(here, '../pkg/securepay_wasm_bg.wasm'));
  await web.init(bytes);
  await web.init(); // loaded: nothing is fetched
  assert.equal(web.verify(AGREED, RESPONSE).safe, true);
  assert.equal(web.parseAmount('1.5', 6), '1500000');
  // In Node's builds init() resolves at once, initSync() does nothing.
  assert.equal(await sp.init(), undefined);
  assert.equal(sp.initSync(), undefined);
});

test('the verdict reads as the whole JSON: findings and summary parsed when first read, then plain data', async () => {
  const glue = createRequire(import.meta.url)('../pkg/securepay_wasm_node.cjs');
  const web = await import('../pkg/index.js');
  await web.init(readFileSync(path.join(here, '../pkg/securepay_wasm_bg.wasm')));
  const other = { ...AGREED, payments: [{ ...AGREED.payments[0], amount: '827.51' }] };
  for (const [agreed, response] of [[AGREED, RESPONSE], [other, RESPONSE], [AGREED, '{"paymentType":"single"}']]) {
    const text = glue.verify(agreed, response); // the module's own answer: the verdict's JSON text
    const whole = JSON.parse(text);
    for (const verdict of [sp.verify(agreed, response), web.verify(agreed, response)]) {
      assert.deepStrictEqual(Object.keys(verdict), ['safe', 'findings', 'assumptions', 'summary']);
      assert.equal(verdict.safe, whole.safe);
      assert.equal(JSON.stringify(verdict), text); // every field read, in the module's order
      assert.deepStrictEqual(verdict, whole);
      for (const name of ['findings', 'assumptions', 'summary']) {
        const own = Object.getOwnPropertyDescriptor(verdict, name);
        assert.ok('value' in own && own.writable && own.enumerable, `${name} is data once read`);
      }
    }
    assert.deepStrictEqual(structuredClone(sp.verify(agreed, response)), whole);
    assert.deepStrictEqual({ ...sp.verify(agreed, response) }, whole);
    // Assigned before it is read: the assigned value stays.
    const assigned = sp.verify(agreed, response);
    assigned.findings = [];
    assigned.safe = !whole.safe;
    assert.deepStrictEqual(assigned, { ...whole, findings: [], safe: !whole.safe });
  }
  assert.equal(sp.verify(AGREED, RESPONSE).safe, true);
  assert.equal(sp.verify(other, RESPONSE).safe, false);
  // The CommonJS copy is verdict.js's code.
  const source = readFileSync(path.join(here, '../npm/verdict.js'), 'utf8');
  const copy = readFileSync(path.join(here, '../pkg/verdict.cjs'), 'utf8');
  assert.ok(copy.includes(source.replace(/^export function /m, 'function ')), 'verdict.cjs is verdict.js as CommonJS');
});

test('securepay-wasm/encode: its own module, ready in Node; in browsers a clear error before its init()', async () => {
  const node = createRequire(import.meta.url)('../pkg/encode.node.cjs');
  const esm = await import('../pkg/encode.node.mjs');
  const web = await import('../pkg/encode.js');
  for (const entry of [node, esm, web]) assert.deepEqual(Object.keys(entry).filter((k) => k !== 'default').sort(), ['encode', 'init', 'initSync', 'interopName']);
  assert.equal(esm.default, esm.init);
  assert.equal(web.default, web.init);
  assert.ok(!('encode' in sp) && !('interopName' in sp), 'the main entry has neither');
  const call = { kind: 'erc20_approve', spender: '0x8375561e1ba0d14ceb38ed6ec1f8dda6ac02faf9', amount: '0' };
  assert.throws(() => web.encode(call), (error) => error instanceof Error && error.code === 'not_initialized'
    && /^securepay-wasm\/encode: encode\(\) was called before its WebAssembly module was loaded: call `await init\(\)` from securepay-wasm\/encode once first/.test(error.message));
  await web.init(readFileSync(path.join(here, '../pkg/securepay_encode_bg.wasm')));
  for (const entry of [node, esm, web]) assert.match(entry.encode(call).data, /^0x095ea7b3/);
  assert.throws(() => node.encode({ kind: 'erc20_approve' }), invalid('invalid_call'));
});

test("decode's call is what encode makes the same call of, for every kind of call: encode(decode(…).call)", () => {
  const inputs = readFileSync(data('vectors/abi-calls.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    .filter((v) => 'expected' in v).map((v) => v.input);
  // Kinds the vectors do not have.
  inputs.push({ kind: 'erc20_transfer', to: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7', amount: '827500000',
    token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' });
  inputs.push({ kind: 'eth_conversion', to: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7', requestAmount: '100000000',
    path: ['0x775eb53d00dd0acd3ec1696472105d579b9b386b', '0xf5af88e117747e87fc5929f2ff87221b1447652e'],
    reference: '0xe23a6b02059c2b30', maxRateTimespan: '0', maxToSpend: '100000000000000000' });
  const networks = ['mainnet', 'arbitrum-one', 'optimism', 'base', 'matic', 'bsc', 'tron', 'sepolia'];
  const kinds = new Map();
  for (const input of inputs) {
    if (['payment_reference', 'tron_address', 'eip55'].includes(input.kind)) continue;
    // With a network a kind may need more: the value of `eth_fee`, a native batch's fee rate, an approval's token.
    const variants = [input, ...Object.entries({ amount: '1000', batchFee: '10', token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' })
      .filter(([field]) => !(field in input)).map(([field, value]) => ({ ...input, [field]: value }))];
    for (const network of networks) {
      for (const variant of variants) {
        let encoded;
        let decoded;
        try {
          encoded = encode({ ...variant, network });
          decoded = sp.decode(network, encoded.to, encoded.data, encoded.value);
        } catch {
          continue; // not on this network (encoding takes any token; decoding knows the catalog's)
        }
        assert.equal(decoded.call?.kind, input.kind, JSON.stringify(decoded));
        assert.equal(decoded.call.network, network);
        assert.deepEqual(encode(decoded.call), encoded, JSON.stringify(decoded.call));
        kinds.set(input.kind, (kinds.get(input.kind) ?? 0) + 1);
      }
    }
  }
  assert.deepEqual([...kinds.keys()].sort(), ['batch_conv_payments', 'batch_erc20', 'batch_erc20_multi', 'batch_eth',
    'batch_nc_erc20', 'batch_nc_multi_erc20', 'batch_nc_native', 'erc20_approve', 'erc20_conversion', 'erc20_fee',
    'erc20_transfer', 'eth_conversion', 'eth_fee', 'eth_fee_exact']);
  // One naming: the decoded call's description names fields as encode does, not as the ABI.
  const fee = inputs.find((i) => i.kind === 'erc20_fee');
  const encoded = encode({ ...fee, network: 'mainnet' });
  const { call } = sp.decode('mainnet', encoded.to, encoded.data);
  assert.deepEqual(Object.keys(call).sort(), ['amount', 'feeAddress', 'feeAmount', 'kind', 'network', 'reference', 'to', 'token']);
  // A call no kind makes (ERC-20 transferFrom): no description.
  const transferFrom = `0x23b872dd${'0'.repeat(24)}6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7${'0'.repeat(24)}1892196e80c4c17ea5100da765ab48c1fe2fb814${'0'.repeat(62)}10`;
  assert.equal(sp.decode('base', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', transferFrom).call, null);
});
