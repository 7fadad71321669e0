//! Chain JSON read as a stream (`Detector::detect_reader`) reads as the whole-slice reader
//! (`ChainData::from_slice` then `detect`) does: the same settlement or a refusal of the same
//! input, whatever sizes the reads come in (a read may end inside any token). Every input the
//! reading and rules tests give `read` and `run` goes through [`agrees`] too.

use std::io::Read;

use securepay::detect::{
    ChainData, ChainJsonError, Criteria, DetectReadError, Detector, Settlement, detect,
};
use securepay::network::Network;
use serde_json::json;

use super::*;

/// A reader that answers at most `step` bytes a read.
pub struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

impl<'a> Trickle<'a> {
    pub fn new(data: &'a [u8], step: usize) -> Trickle<'a> {
        Trickle { data, step }
    }
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let count = self.step.min(buf.len()).min(self.data.len());
        let (now, rest) = self.data.split_at(count);
        buf[..count].copy_from_slice(now);
        self.data = rest;
        Ok(count)
    }
}

/// What the whole-slice reader and `detect` make of `bytes`.
fn whole(network: Network, bytes: &[u8], criteria: &Criteria) -> Result<Settlement, String> {
    let chain = ChainData::from_slice(network, bytes).map_err(|e| e.to_string())?;
    detect(&chain, criteria).map_err(|e| e.to_string())
}

/// The read sizes tried: every size up to a few bytes on small inputs (each cut of a token),
/// larger ones on large inputs.
fn steps(len: usize) -> Vec<usize> {
    if len <= 4096 {
        vec![usize::MAX, 1, 2, 3, 5, 7, 64, 1000]
    } else if len <= 200_000 {
        vec![usize::MAX, 7, 1000, 4093]
    } else {
        vec![usize::MAX, 4093]
    }
}

/// The stream reads `bytes` as the whole-slice reader does: the same settlement, or an error
/// for both (the same words, positions aside, for a fault the two find at the same place).
pub fn agrees(network: Network, bytes: &[u8], criteria: &Criteria) {
    let expected = whole(network, bytes, criteria);
    for step in steps(bytes.len()) {
        let streamed = Detector::builtin().detect_reader(Trickle::new(bytes, step), criteria);
        match (&expected, streamed) {
            (Ok(settlement), Ok(streamed)) => assert_eq!(
                &streamed,
                settlement,
                "reads of {step} bytes: {}",
                String::from_utf8_lossy(bytes)
            ),
            (Err(_), Err(_)) => {}
            (expected, streamed) => panic!(
                "reads of {step} bytes disagree: whole {expected:?}, stream {streamed:?}: {}",
                String::from_utf8_lossy(bytes)
            ),
        }
    }
}

/// The whole-slice error and the stream's, positions stripped.
fn both_errors(bytes: &[u8]) -> (String, String) {
    let criteria = usdc_criteria();
    let whole = whole(Network::Base, bytes, &criteria).unwrap_err();
    let stream = Detector::builtin()
        .detect_reader(bytes, &criteria)
        .unwrap_err()
        .to_string();
    (whole, stream)
}

#[test]
fn every_cut_and_every_broken_byte_of_an_answer_reads_alike() {
    let answer = json!({"jsonrpc": "2.0", "id": 1, "result": [
        usdc_payment(reference(), PAYEE, 10, 0, FEE_TO, 0x11, 3),
        usdc_payment(reference(), PAYEE, 20, 1, FEE_TO, 0x12, 4),
    ]});
    let pretty = serde_json::to_string_pretty(&answer).unwrap();
    let criteria = usdc_criteria();
    for text in [answer.to_string(), pretty, answer["result"].to_string()] {
        let bytes = text.as_bytes();
        agrees(Network::Base, bytes, &criteria);
        for cut in 0..bytes.len() {
            let streamed = Detector::builtin().detect_reader(&bytes[..cut], &criteria);
            assert!(
                streamed.is_err() == whole(Network::Base, &bytes[..cut], &criteria).is_err(),
                "cut at {cut}: {streamed:?}"
            );
        }
        for at in (0..bytes.len()).step_by(5) {
            for byte in [b'}', b']', b',', b'"', b'\\', b'1', b' '] {
                let mut broken = bytes.to_vec();
                broken[at] = byte;
                let expected = whole(Network::Base, &broken, &criteria);
                for step in [usize::MAX, 5] {
                    let streamed =
                        Detector::builtin().detect_reader(Trickle::new(&broken, step), &criteria);
                    match (&expected, &streamed) {
                        (Ok(a), Ok(b)) => assert_eq!(a, b),
                        (Err(_), Err(_)) => {}
                        _ => panic!(
                            "byte {at} as {:?}, reads of {step}: whole {expected:?}, stream {streamed:?}: {}",
                            byte as char,
                            String::from_utf8_lossy(&broken)
                        ),
                    }
                }
            }
        }
    }
}

#[test]
fn a_fault_in_a_log_is_placed_where_the_whole_reader_places_it() {
    let log = usdc_payment(reference(), PAYEE, 10, 0, FEE_TO, 0x11, 3);
    let mut bad = log.clone();
    bad["logIndex"] = json!("0x05");
    for text in [
        json!([log.clone(), bad.clone()]).to_string(),
        serde_json::to_string_pretty(&json!([log.clone(), bad.clone()])).unwrap(),
        format!("[\n  {log},\n  {bad}\n]"),
    ] {
        let (whole, stream) = both_errors(text.as_bytes());
        assert_eq!(stream, whole, "{text}");
    }
}

#[test]
fn the_answer_around_the_logs_is_read_as_strictly() {
    let log = usdc_payment(reference(), PAYEE, 10, 0, FEE_TO, 0x11, 3);
    let criteria = usdc_criteria();
    for text in [
        json!({"jsonrpc": "2.0", "id": 1, "result": [log.clone()]}).to_string(),
        format!(r#"{{"result": [{log}], "jsonrpc": "2.0", "id": 1}}"#),
        format!(r#"{{"result": [{log}], "jsonrpc": "1.0", "id": 1}}"#),
        format!(r#"{{"jsonrpc": "2.0", "id": 1, "result": [{log}], "result": []}}"#),
        format!(r#"{{"jsonrpc": "2.0", "id": 1, "res\u0075lt": [{log}]}}"#),
        format!(
            r#"{{"jsonrpc": "2.0", "id": 1, "result": [{log}], "error": {{"code": 1, "message": "x"}}}}"#
        ),
        format!(r#"{{"jsonrpc": "2.0", "id": 1, "result": [{log}], "other": [1, {{"a": 2}}]}}"#),
        format!(r#"{{"jsonrpc": "2.0", "id": 1, "result": [{log}],}}"#),
        format!(r#"{{"jsonrpc": "2.0", "id": 1, "result": [{log},]}}"#),
        format!(r#"{{"jsonrpc": "2.0", "id": 1, "result": [{log}] "x": 1}}"#),
        format!(r#"{{"jsonrpc": "2.0", "id": 1, "result": {log}}}"#),
        r#"{"jsonrpc": "2.0", "id": 1, "result": null}"#.to_owned(),
        format!(r#"{{"jsonrpc": "2.0", "id": 1, "result": [[{log}]]}}"#),
        r#"{"jsonrpc": "2.0", "id": 1, "result": [{"jsonrpc": "2.0", "result": []}]}"#.to_owned(),
        format!(
            r#"{{"address": "0x1892196e80c4c17ea5100da765ab48c1fe2fb814", "result": [{log}]}}"#
        ),
        format!(r#"{{"jsonrpc": "2.0", 1: 2, "result": [{log}]}}"#),
        format!(r#"{{"jsonrpc" "2.0", "result": [{log}]}}"#),
        format!("{log}"),
        format!("  {log}  \n"),
        format!("[{log}] [{log}]"),
        format!("[{log}] x"),
        "[]".to_owned(),
        "{}".to_owned(),
        " \n ".to_owned(),
        String::new(),
        "null".to_owned(),
        "12".to_owned(),
        "\"logs\"".to_owned(),
        "[1]".to_owned(),
        "[null]".to_owned(),
        "[{}]".to_owned(),
    ] {
        agrees(Network::Base, text.as_bytes(), &criteria);
    }
}

#[test]
fn the_stream_is_bounded_like_the_slice() {
    let criteria = usdc_criteria();
    let spaces = vec![b' '; securepay::detect::MAX_CHAIN_JSON_BYTES + 1];
    let error = Detector::builtin()
        .detect_reader(&spaces[..], &criteria)
        .unwrap_err();
    assert!(
        matches!(
            error,
            DetectReadError::Json(ChainJsonError::TooLarge { .. })
        ),
        "{error}"
    );
    let failing = Detector::builtin()
        .detect_reader(Failing, &criteria)
        .unwrap_err();
    assert!(matches!(failing, DetectReadError::Io(_)), "{failing}");
    assert!(
        failing
            .to_string()
            .starts_with("cannot read the chain data")
    );
}

/// A reader that fails.
struct Failing;

impl Read for Failing {
    fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("disk on fire"))
    }
}

#[test]
fn tron_events_are_read_whole_and_detected_alike() {
    let text = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/detect/tron-events.json"
    ))
    .unwrap();
    let criteria = Criteria::new(Network::Tron, "0xe23a6b02059c2b30".parse().unwrap());
    agrees(Network::Tron, &text, &criteria);
}
