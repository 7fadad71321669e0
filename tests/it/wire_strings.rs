//! The wire contract, committed in `tests/wire-strings.txt`: the string and the severity of
//! every `FindingCode` (the codes wallets match on), the string of every `Case` (`details.case`)
//! and every documented value of every open enum, each beside its variant. A renamed code or value fails here, so the wire only changes on purpose:
//!
//! ```sh
//! SECUREPAY_UPDATE_PUBLIC_API=1 cargo test --all-features --test it wire_strings
//! ```
//!
//! Read from the values themselves (`FindingCode::ALL`, each open enum's `KNOWN`), so the items
//! made by macros are all there; each string is also checked to be what serde writes and reads.

use std::fmt::Debug;

use securepay::api::{
    BlockReason, ChildEligibility, ClientIdStatus, FeeBearerSource, FeeStage, MulticallLinkStatus,
    RecoveryAction, RecurringStatus, StaleReason,
};
use securepay::partial::{RateSource, RequestState};
use securepay::verify::{Case, FindingCode};
use securepay::webhook::{
    AgreementStatus, FeeType, KycStatus, PaymentDetailStatus, PaymentProcessor, SubStatus,
    UserEventKind,
};
use serde::{Serialize, de::DeserializeOwned};

const SNAPSHOT: &str = "tests/wire-strings.txt";

/// `Type::Variant "wire"`, after checking that serde writes `wire` and reads it back.
fn line<T: Serialize + DeserializeOwned + Debug + PartialEq>(
    ty: &str,
    value: &T,
    wire: &str,
) -> String {
    assert_eq!(
        serde_json::to_value(value).unwrap(),
        serde_json::Value::String(wire.to_owned()),
        "{ty}::{value:?}"
    );
    assert_eq!(
        &serde_json::from_value::<T>(serde_json::Value::String(wire.to_owned())).unwrap(),
        value
    );
    format!("{ty}::{value:?} {wire:?}")
}

macro_rules! open_enums {
    ($lines:ident, $($path:literal => $ty:ty),+ $(,)?) => {$(
        assert!(!<$ty>::KNOWN.is_empty());
        for wire in <$ty>::KNOWN {
            let value = <$ty>::parse(wire);
            assert!(value.is_known(), "{wire}");
            $lines.push(line($path, &value, wire));
        }
    )+};
}

fn wire_strings() -> String {
    let mut lines = vec![format!(
        "# securepay::verify::FindingCode ({} codes, each with its severity)",
        FindingCode::ALL.len()
    )];
    for code in FindingCode::ALL {
        let wire = line("verify::FindingCode", code, code.as_str());
        lines.push(format!("{wire} {}", code.severity()));
    }
    lines.push(format!(
        "# securepay::verify::Case ({} cases: details.case, which situation of its code a finding is)",
        Case::ALL.len()
    ));
    for case in Case::ALL {
        let wire = serde_json::to_value(case).unwrap();
        lines.push(line("verify::Case", case, wire.as_str().unwrap()));
    }
    lines.push(
        "# the open enums: every documented value (any other text is kept as `Other`)".into(),
    );
    open_enums!(lines,
        "api::BlockReason" => BlockReason,
        "api::ChildEligibility" => ChildEligibility,
        "api::ClientIdStatus" => ClientIdStatus,
        "api::FeeBearerSource" => FeeBearerSource,
        "api::FeeStage" => FeeStage,
        "api::MulticallLinkStatus" => MulticallLinkStatus,
        "api::RecoveryAction" => RecoveryAction,
        "api::RecurringStatus" => RecurringStatus,
        "api::StaleReason" => StaleReason,
        "partial::RateSource" => RateSource,
        "partial::RequestState" => RequestState,
        "webhook::AgreementStatus" => AgreementStatus,
        "webhook::FeeType" => FeeType,
        "webhook::KycStatus" => KycStatus,
        "webhook::PaymentDetailStatus" => PaymentDetailStatus,
        "webhook::PaymentProcessor" => PaymentProcessor,
        "webhook::SubStatus" => SubStatus,
        "webhook::UserEventKind" => UserEventKind,
    );
    lines.join("\n") + "\n"
}

#[test]
fn wire_strings_match_the_committed_list() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(SNAPSHOT);
    let current = wire_strings();
    if std::env::var_os("SECUREPAY_UPDATE_PUBLIC_API").is_some() {
        std::fs::write(&path, &current).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != current {
        let removed: Vec<&str> = committed
            .lines()
            .filter(|l| !current.lines().any(|c| c == *l))
            .collect();
        let added: Vec<&str> = current
            .lines()
            .filter(|l| !committed.lines().any(|c| c == *l))
            .collect();
        panic!(
            "the wire strings changed (a wallet matching on them breaks): removed {removed:#?}, \
             added {added:#?}. If on purpose: SECUREPAY_UPDATE_PUBLIC_API=1 cargo test \
             --all-features --test it wire_strings, and say so in CHANGELOG.md"
        );
    }
}

/// Every open enum has a test line above: the source declares exactly these.
#[test]
fn every_open_enum_is_listed() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let listed = wire_strings();
    let mut declared = 0;
    let mut stack = vec![root.join("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let mut lines = text.lines();
            while let Some(l) = lines.next() {
                if l.trim_start().starts_with("open_enum! {") {
                    // The name is the first line of the invocation that is not an attribute or
                    // a doc comment.
                    let name = lines
                        .by_ref()
                        .map(str::trim)
                        .find(|l| !l.starts_with("///") && !l.starts_with("#["))
                        .and_then(|l| l.split_whitespace().next())
                        .unwrap()
                        .to_owned();
                    declared += 1;
                    assert!(
                        listed.contains(&format!("::{name}::")),
                        "open enum {name} ({}) is not in tests/it/wire_strings.rs",
                        path.display()
                    );
                }
            }
        }
    }
    assert_eq!(declared, 18);
}
