// securepay-wasm for browsers and bundlers: `await init()` once, then the functions.
export * from './securepay_wasm.js';
import type { InitInput, SyncInitInput } from './securepay_wasm.js';

/** Loads the WebAssembly module, once (later calls resolve at once): from `source` or, by
 * default, `securepay_wasm_bg.wasm` next to the package's script. Await it before calling
 * the other functions, which throw an Error with `code: "not_initialized"` until then. */
export declare function init(source?: InitInput | Promise<InitInput>): Promise<void>;
export default init;

/** Loads the WebAssembly module synchronously from its bytes or a compiled module. */
export declare function initSync(module: SyncInitInput): void;
