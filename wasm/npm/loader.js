// The loading of a module in browsers and bundlers, shared by the package's three browser
// entries (index.js, encode.js, detect.js; each entry has its own WebAssembly module): `init()`
// fetches and instantiates it (once: later calls return at once; a failed load can be
// retried), `initSync()` instantiates it from its bytes, and a function called before either
// throws an Error whose `code` is "not_initialized", which says so. No top-level await, so
// that bundlers' default builds accept the package.

/** `entry`: the import path (`securepay-wasm`, `securepay-wasm/encode`…); `load` and `glue`:
 *  wasm-bindgen's default export and namespace of the entry's module. */
export function loader(entry, load, glue) {
  let ready = false;
  const which = entry === 'securepay-wasm' ? 'the WebAssembly module' : 'its WebAssembly module';
  const from = entry === 'securepay-wasm' ? '' : ` from ${entry}`;
  return {
    init(source) {
      return load(source === undefined ? undefined : { module_or_path: source }).then(() => {
        ready = true;
      });
    },
    initSync(module) {
      glue.initSync({ module });
      ready = true;
    },
    loaded(name) {
      if (ready) return;
      const error = new Error(`${entry}: ${name}() was called before ${which} was loaded: call `
        + `\`await init()\`${from} once first (in browsers and bundlers; in Node it loads by itself)`);
      error.code = 'not_initialized';
      throw error;
    },
  };
}
