// securepay-wasm/encode for Node (CommonJS): ready when required.
export * from './securepay_encode_node.cjs';

/** Resolves at once: in Node the module is loaded when the subpath is. (For code shared with
 * browsers, where `init` loads it.) */
export declare function init(source?: unknown): Promise<void>;

/** Does nothing in Node (the module is loaded when the subpath is). */
export declare function initSync(module?: unknown): void;
