// securepay-wasm/detect for browsers and bundlers: `await init()` once, then `detect`.
export * from './securepay_detect.js';
import type { InitInput, SyncInitInput } from './securepay_detect.js';

/** Loads the detection module, once (later calls resolve at once): from `source` or, by
 * default, `securepay_detect_bg.wasm` next to the package's script. Await it before calling
 * `detect`, which throws an Error with `code: "not_initialized"` until then. (The main entry
 * point's `init` loads the verifier's module, not this one.) */
export declare function init(source?: InitInput | Promise<InitInput>): Promise<void>;
export default init;

/** Loads the detection module synchronously from its bytes or a compiled module. */
export declare function initSync(module: SyncInitInput): void;
