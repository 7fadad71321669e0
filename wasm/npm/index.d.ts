// securepay-wasm for browsers and bundlers: `await init()` once, then the functions.
export * from './securepay_wasm.js';
import type { InitInput, SyncInitInput, Expectation, Verdict } from './securepay_wasm.js';

/** Verifies a pay response against what the payer agreed to (and, given, the TronWeb
 * transaction about to be signed): `{safe, findings, summary}`. `findings` and `summary` are
 * parsed from the module's answer when one of them is first read, then are plain data. A
 * response above 8 MiB (`MAX_RESPONSE_BYTES`) throws before it is copied. */
export declare function verify(expectation: string | Expectation, response: string | Uint8Array, tronTransaction?: string | object): Verdict;

/** Loads the WebAssembly module, once (later calls resolve at once): from `source` or, by
 * default, `securepay_wasm_bg.wasm` next to the package's script. Await it before calling
 * the other functions, which throw an Error with `code: "not_initialized"` until then. */
export declare function init(source?: InitInput | Promise<InitInput>): Promise<void>;
export default init;

/** Loads the WebAssembly module synchronously from its bytes or a compiled module. */
export declare function initSync(module: SyncInitInput): void;
