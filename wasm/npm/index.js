// securepay-wasm for browsers and bundlers (the `default` condition of the package's exports).
// The WebAssembly module is fetched and instantiated by `init()`: call it once and await it
// before the other functions (loader.js says how). `encode` and `interopName` are the subpath
// securepay-wasm/encode, `detect` securepay-wasm/detect, each with its own module and `init()`.
import load, * as glue from './securepay_wasm.js';
import { loader } from './loader.js';
import { verdict } from './verdict.js';

const module = loader('securepay-wasm', load, glue);

/** Loads the module: from `source` (a URL, Response, bytes or WebAssembly.Module) or, by
 *  default, `securepay_wasm_bg.wasm` next to this file. */
export const init = module.init;
export default init;

/** Loads the module synchronously from its bytes or a compiled WebAssembly.Module. */
export const initSync = module.initSync;

export function verify(expectation, response, tronTransaction) {
  module.loaded('verify');
  return verdict(glue.verify(expectation, response, tronTransaction));
}
export function decode(network, to, data, value) {
  module.loaded('decode');
  return glue.decode(network, to, data, value);
}
export function paymentReference(requestId, salt, address) {
  module.loaded('paymentReference');
  return glue.paymentReference(requestId, salt, address);
}
export function parseAmount(text, decimals) {
  module.loaded('parseAmount');
  return glue.parseAmount(text, decimals);
}
export function formatAmount(units, decimals) {
  module.loaded('formatAmount');
  return glue.formatAmount(units, decimals);
}
export function verifyWebhookSignature(secret, rawBody, signature) {
  module.loaded('verifyWebhookSignature');
  return glue.verifyWebhookSignature(secret, rawBody, signature);
}
