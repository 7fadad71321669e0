// securepay-wasm/encode for Node (CommonJS): ready when required.
export * from './securepay_encode_node.cjs';
import type { CallDescription, TextKind, EncodedCall, EncodedText, EncodedTransaction } from './securepay_encode_node.cjs';
/** Encodes a call description (the CLI's JSON call format): a call's `{data, to?, value?}`
 * (`to` and `value` given a `network`), or for `payment_reference`, `tron_address` and `eip55`
 * a `{result}` text. Narrowed by the description's `kind` when TypeScript knows it. */
export declare function encode(call: Extract<CallDescription, { kind: TextKind }>): EncodedText;
export declare function encode(call: Exclude<CallDescription, { kind: TextKind }>): EncodedTransaction;
export declare function encode(call: CallDescription | string): EncodedCall;


/** Resolves at once: in Node the module is loaded when the subpath is. (For code shared with
 * browsers, where `init` loads it.) */
export declare function init(source?: unknown): Promise<void>;

/** Does nothing in Node (the module is loaded when the subpath is). */
export declare function initSync(module?: unknown): void;
