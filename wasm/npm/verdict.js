// The verdict of `verify`, made from its JSON text: `safe` at once, `findings`, `assumptions`
// and `summary` parsed when one of them is first read (`JSON.parse` of a one-payment verdict, 2.5 KB, takes
// about as long as a sixth of the verification: a caller that reads only `safe` does not pay
// it). Each is then a plain data property, as if the object had been parsed whole: assignable,
// enumerable, seen by `JSON.stringify`, spread and `structuredClone`.
//
// This file is the source; wasm/build.sh writes its CommonJS copy, verdict.cjs, for Node.

/** `text`: the verdict's JSON as the module writes it, `{"safe":true|false,...}`. */
export function verdict(text) {
  let whole;
  const field = (name) => ({
    enumerable: true,
    configurable: true,
    get() {
      whole ??= JSON.parse(text);
      return settle(this, name, whole[name]);
    },
    set(value) {
      settle(this, name, value);
    },
  });
  return Object.defineProperties({}, {
    safe: { value: text.startsWith('{"safe":true,'), enumerable: true, writable: true, configurable: true },
    findings: field('findings'),
    assumptions: field('assumptions'),
    summary: field('summary'),
  });
}

function settle(object, name, value) {
  Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
  return value;
}
