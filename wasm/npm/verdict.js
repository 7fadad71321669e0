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
  const read = (object, name) => settle(object, name, (whole ??= JSON.parse(text))[name]);
  // An object literal's accessors are own, enumerable and configurable, as
  // `Object.defineProperties` made them, at less than half its cost (measured in Node 20:
  // 2.3 against 5.7 µs a verdict, on a verification of about 95 µs).
  return {
    safe: text.startsWith('{"safe":true,'),
    get findings() {
      return read(this, 'findings');
    },
    set findings(value) {
      settle(this, 'findings', value);
    },
    get assumptions() {
      return read(this, 'assumptions');
    },
    set assumptions(value) {
      settle(this, 'assumptions', value);
    },
    get summary() {
      return read(this, 'summary');
    },
    set summary(value) {
      settle(this, 'summary', value);
    },
  };
}

function settle(object, name, value) {
  Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
  return value;
}
