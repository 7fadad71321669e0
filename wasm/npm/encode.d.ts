// securepay-wasm/encode for browsers and bundlers: `await init()` once, then `encode` and `interopName`.
export * from './securepay_encode.js';
import type { InitInput, SyncInitInput } from './securepay_encode.js';

/** Loads the encoder's module, once (later calls resolve at once): from `source` or, by
 * default, `securepay_encode_bg.wasm` next to the package's script. Await it before calling
 * `encode` or `interopName`, which throw an Error with `code: "not_initialized"` until then. (The main entry
 * point's `init` loads the verifier's module, not this one.) */
export declare function init(source?: InitInput | Promise<InitInput>): Promise<void>;
export default init;

/** Loads the encoder's module synchronously from its bytes or a compiled module. */
export declare function initSync(module: SyncInitInput): void;
