// securepay-wasm/encode for browsers and bundlers (the `default` condition of the subpath's
// exports): `encode` and `interopName` in their own WebAssembly module, so that pages loading
// the verifier do not load them. `init()` fetches and instantiates it: call it once and await
// it before either (loader.js says how).
import load, * as glue from './securepay_encode.js';
import { loader } from './loader.js';

const module = loader('securepay-wasm/encode', load, glue);

/** Loads the module: from `source` (a URL, Response, bytes or WebAssembly.Module) or, by
 *  default, `securepay_encode_bg.wasm` next to this file. */
export const init = module.init;
export default init;

/** Loads the module synchronously from its bytes or a compiled WebAssembly.Module. */
export const initSync = module.initSync;

export function encode(call) {
  module.loaded('encode');
  return glue.encode(call);
}
export function interopName(text) {
  module.loaded('interopName');
  return glue.interopName(text);
}
