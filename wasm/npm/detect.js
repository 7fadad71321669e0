// securepay-wasm/detect for browsers and bundlers (the `default` condition of the subpath's
// exports): detection in its own WebAssembly module, so that pages loading the verifier do not
// load it. `init()` fetches and instantiates it: call it once and await it before `detect`
// (later calls return at once; a failed load can be retried). `detect` called before it throws
// an Error whose `code` is "not_initialized", which says so. No top-level await.
import load, * as glue from './securepay_detect.js';

let ready = false;

/** Loads the module: from `source` (a URL, Response, bytes or WebAssembly.Module) or, by
 *  default, `securepay_detect_bg.wasm` next to this file. */
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

export function detect(criteria, chain) {
  if (!ready) {
    const error = new Error('securepay-wasm/detect: detect() was called before its WebAssembly module '
      + 'was loaded: call `await init()` from securepay-wasm/detect once first (in browsers and bundlers; '
      + 'in Node it loads by itself)');
    error.code = 'not_initialized';
    throw error;
  }
  return glue.detect(criteria, chain);
}
