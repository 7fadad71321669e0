// securepay-wasm/detect for browsers and bundlers (the `default` condition of the subpath's
// exports): detection in its own WebAssembly module, so that pages loading the verifier do not
// load it. `init()` fetches and instantiates it: call it once and await it before `detect`
// (loader.js says how).
import load, * as glue from './securepay_detect.js';
import { loader } from './loader.js';

const module = loader('securepay-wasm/detect', load, glue);

/** Loads the module: from `source` (a URL, Response, bytes or WebAssembly.Module) or, by
 *  default, `securepay_detect_bg.wasm` next to this file. */
export const init = module.init;
export default init;

/** Loads the module synchronously from its bytes or a compiled WebAssembly.Module. */
export const initSync = module.initSync;

export function detect(criteria, chain) {
  module.loaded('detect');
  return glue.detect(criteria, chain);
}
