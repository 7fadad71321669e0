// securepay-wasm for browsers and bundlers (the `default` condition of the package's exports).
// The WebAssembly module is fetched and instantiated by `init()`: call it once and await it
// before the other functions (later calls return at once; a failed load can be retried). A
// function called before it throws an Error whose `code` is "not_initialized", which says so.
// No top-level await, so that bundlers' default builds accept the package.
import load, * as glue from './securepay_wasm.js';
import { verdict } from './verdict.js';

let ready = false;

/** Loads the module: from `source` (a URL, Response, bytes or WebAssembly.Module) or, by
 *  default, `securepay_wasm_bg.wasm` next to this file. */
export function init(source) {
  return load(source === undefined ? undefined : { module_or_path: source }).then(() => {
    ready = true;
  });
}
export default init;

/** Loads the module synchronously from its bytes or a compiled WebAssembly.Module. */
export function initSync(module) {
  glue.initSync({ module });
  ready = true;
}

function loaded(name) {
  if (ready) return;
  const error = new Error(`securepay-wasm: ${name}() was called before the WebAssembly module `
    + 'was loaded: call `await init()` once first (in browsers and bundlers; in Node it loads by itself)');
  error.code = 'not_initialized';
  throw error;
}

export function verify(expectation, response, tronTransaction) {
  loaded('verify');
  return verdict(glue.verify(expectation, response, tronTransaction));
}
export function decode(network, to, data, value) {
  loaded('decode');
  return glue.decode(network, to, data, value);
}
export function encode(call) {
  loaded('encode');
  return glue.encode(call);
}
export function interopName(text) {
  loaded('interopName');
  return glue.interopName(text);
}
export function paymentReference(requestId, salt, address) {
  loaded('paymentReference');
  return glue.paymentReference(requestId, salt, address);
}
export function parseAmount(text, decimals) {
  loaded('parseAmount');
  return glue.parseAmount(text, decimals);
}
export function formatAmount(units, decimals) {
  loaded('formatAmount');
  return glue.formatAmount(units, decimals);
}
export function verifyWebhookSignature(secret, rawBody, signature) {
  loaded('verifyWebhookSignature');
  return glue.verifyWebhookSignature(secret, rawBody, signature);
}
