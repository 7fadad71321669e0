// securepay-wasm/encode for browsers and bundlers: `await init()` once, then `encode` and `interopName`.
export * from './securepay_encode.js';
import type { CallDescription, TextKind, EncodedCall, EncodedText, EncodedTransaction } from './securepay_encode.js';
/** Encodes a call description (the CLI's JSON call format): a call's `{data, to?, value?}`
 * (`to` and `value` given a `network`), or for `payment_reference`, `tron_address` and `eip55`
 * a `{result}` text. Narrowed by the description's `kind` when TypeScript knows it. */
export declare function encode(call: Extract<CallDescription, { kind: TextKind }>): EncodedText;
export declare function encode(call: Exclude<CallDescription, { kind: TextKind }>): EncodedTransaction;
export declare function encode(call: CallDescription | string): EncodedCall;

import type { InitInput, SyncInitInput } from './securepay_encode.js';

/** Loads the encoder's module, once (later calls resolve at once): from `source` or, by
 * default, `securepay_encode_bg.wasm` next to the package's script. Await it before calling
 * `encode` or `interopName`, which throw an Error with `code: "not_initialized"` until then. (The main entry
 * point's `init` loads the verifier's module, not this one.) */
export declare function init(source?: InitInput | Promise<InitInput>): Promise<void>;
export default init;

/** Loads the encoder's module synchronously from its bytes or a compiled module. */
export declare function initSync(module: SyncInitInput): void;
