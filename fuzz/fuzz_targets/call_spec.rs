//! `securepay::calldata::spec::CallSpec::from_str` (the reader of `securepay encode` and of the
//! WebAssembly package's `encode`): arbitrary text never panics, and it agrees with the other
//! reader, `CallSpec::from_value` (through a JSON tree): a description the text reader accepts,
//! with `kind` first or anywhere (rewritten from its members' text), is accepted by the tree
//! reader with the same answer; with its members reversed, it is accepted with the same answer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use securepay::calldata::spec::CallSpec;
use serde_json::Value;

fn answer(spec: &CallSpec) -> String {
    match spec.answer() {
        Ok(answer) => serde_json::to_string(&answer).expect("an answer serializes"),
        Err(error) => format!("error: {error}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(spec) = CallSpec::from_str(text) else {
        return;
    };
    let answered = answer(&spec);
    let value: Value = serde_json::from_str(text).expect("accepted text is JSON");
    let tree = CallSpec::from_value(&value).expect("the tree reader accepts it too");
    assert_eq!(answer(&tree), answered, "{text}");
    // The same members in the reverse order (keys are unique: the text reader refused twice).
    if let Value::Object(members) = &value {
        let reversed: Vec<String> = members
            .iter()
            .rev()
            .map(|(key, value)| format!("{}:{value}", Value::from(key.as_str())))
            .collect();
        let reversed = format!("{{{}}}", reversed.join(","));
        let spec = CallSpec::from_str(&reversed).expect("reversed members are accepted");
        assert_eq!(answer(&spec), answered, "{reversed}");
    }
});
