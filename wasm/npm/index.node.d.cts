// securepay-wasm for Node (CommonJS): ready when required.
export * from './securepay_wasm_node.cjs';
import type { Expectation, Verdict } from './securepay_wasm_node.cjs';

/** Verifies a pay response against what the payer agreed to (and, given, the TronWeb
 * transaction about to be signed): `{safe, findings, summary}`. `findings` and `summary` are
 * parsed from the module's answer when one of them is first read, then are plain data. A
 * response above 8 MiB (`MAX_RESPONSE_BYTES`) throws before it is copied. */
export declare function verify(expectation: string | Expectation, response: string | Uint8Array, tronTransaction?: string | object): Verdict;

/** Resolves at once: in Node the module is loaded when the package is. (For code shared with
 * browsers, where `init` loads it.) */
export declare function init(source?: unknown): Promise<void>;

/** Does nothing in Node (the module is loaded when the package is). */
export declare function initSync(module?: unknown): void;
