//! `securepay policy resolve` and `securepay policy gate --policy FILE --payee ADDR`.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::PathBuf;

use serde_json::json;
use serde_json::value::RawValue;

use super::{MAX_INPUT_BYTES, Outcome, stream};
use securepay::address::ChainAddress;
use securepay::policy::{
    DestinationPolicy, GateEvent, KytPlan, PayerGate, PaymentPolicy, PolicySnapshot, resolve,
};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    #[command(subcommand)]
    command: PolicyCommand,
}

#[derive(Debug, clap::Subcommand)]
enum PolicyCommand {
    /// Resolve a payment's access configuration from standard input
    /// `{"clientPlan":…,"payment":…,"destination":…}`; exit 1 when the payment conflicts with
    /// the plan.
    Resolve,
    /// Drive the payer screening gate with JSON-line events from standard input; print the
    /// state and the payer view after each event.
    Gate(GateArgs),
}

#[derive(Debug, clap::Args)]
struct GateArgs {
    /// A file holding the payment's resolved configuration (the output of `policy resolve`).
    #[arg(long)]
    policy: PathBuf,
    /// The payee address (EVM 0x… or Tron Base58).
    #[arg(long)]
    payee: String,
}

pub(super) fn run(args: &Args, input: &mut dyn BufRead, output: &mut dyn Write) -> Outcome {
    match &args.command {
        PolicyCommand::Resolve => resolve_command(input),
        PolicyCommand::Gate(gate_args) => gate_command(gate_args, input, output),
    }
}

fn resolve_command(input: &mut dyn BufRead) -> Outcome {
    let text = match crate::read_at_most(input, MAX_INPUT_BYTES, 0) {
        Ok(Some(bytes)) => match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(error) => {
                return Outcome::unusable(format!(
                    "cannot read standard input: not UTF-8 text ({})",
                    error.utf8_error()
                ));
            }
        },
        Ok(None) => {
            return Outcome::unusable(format!(
                "standard input is more than {MAX_INPUT_BYTES} bytes, the most policy resolve reads"
            ));
        }
        Err(error) => return Outcome::unusable(format!("cannot read standard input: {error}")),
    };
    if text.trim().is_empty() {
        return Outcome::unusable(format!(
            "input: {}",
            crate::empty_input(
                "an object {\"clientPlan\",\"payment\",\"destination\"} (a JSON object)"
            )
        ));
    }
    // The three parts are kept as text and each is read by its own reader: no tree of the
    // whole input is built (a JSON tree can take many times its text in memory).
    let whole: &RawValue = match serde_json::from_str(&text) {
        Ok(whole) => whole,
        Err(error) => return Outcome::unusable(format!("input is not JSON: {error}")),
    };
    let object = match serde_json::from_str::<Parts>(whole.get()) {
        Ok(Parts(object)) if whole.get().starts_with('{') => object,
        Err(error) if error.is_data() && whole.get().starts_with('{') => {
            return Outcome::unusable(format!("input: {error}"));
        }
        _ => {
            return Outcome::unusable(
                "input must be an object {\"clientPlan\",\"payment\",\"destination\"}",
            );
        }
    };
    if let Some(unknown) = object
        .keys()
        .find(|k| !["clientPlan", "payment", "destination"].contains(&k.as_str()))
    {
        return Outcome::unusable(format!(
            "unknown field {unknown:?}: expected clientPlan, payment, destination"
        ));
    }
    let present = |name: &str| {
        object
            .get(name)
            .map(|part| part.get())
            .filter(|part| *part != "null")
    };
    let plan = match present("clientPlan").map(KytPlan::from_str).transpose() {
        Ok(plan) => plan,
        Err(error) => return Outcome::unusable(format!("clientPlan: {error}")),
    };
    let payment = match present("payment").map(PaymentPolicy::from_str).transpose() {
        Ok(policy) => policy,
        Err(error) => return Outcome::unusable(format!("payment: {error}")),
    };
    let destination = match present("destination")
        .map(DestinationPolicy::from_str)
        .transpose()
    {
        Ok(policy) => policy,
        Err(error) => return Outcome::unusable(format!("destination: {error}")),
    };
    match resolve(plan.as_ref(), payment.as_ref(), destination.as_ref()) {
        Ok(resolved) => Outcome::answer(&resolved),
        Err(conflict) => Outcome::no(&json!({ "error": conflict.to_string() }), &conflict),
    }
}

fn gate_command(args: &GateArgs, input: &mut dyn BufRead, output: &mut dyn Write) -> Outcome {
    if args.policy.as_os_str() == "-" {
        return Outcome::unusable(
            "--policy -: standard input carries the gate events; give the snapshot as a file",
        );
    }
    let shown = args.policy.display();
    let read = std::fs::File::open(&args.policy)
        .and_then(|mut file| crate::read_at_most(&mut file, MAX_INPUT_BYTES, 0));
    let text = match read.map(|bytes| bytes.map(String::from_utf8)) {
        Ok(Some(Ok(text))) => text,
        Ok(Some(Err(error))) => {
            return Outcome::unusable(format!(
                "cannot read --policy {shown}: not UTF-8 text ({})",
                error.utf8_error()
            ));
        }
        Ok(None) => {
            return Outcome::unusable(format!(
                "--policy {shown} is more than {MAX_INPUT_BYTES} bytes, the most a policy snapshot may have"
            ));
        }
        Err(error) => return Outcome::unusable(format!("cannot read --policy {shown}: {error}")),
    };
    let snapshot = match PolicySnapshot::from_str(&text) {
        Ok(snapshot) => snapshot,
        Err(error) => return Outcome::unusable(format!("--policy: {error}")),
    };
    let payee = match ChainAddress::parse_any(&args.payee) {
        Ok(payee) => payee,
        Err(error) => return Outcome::unusable(format!("--payee: {error}")),
    };
    let mut gate = PayerGate::new(snapshot.policy(), payee);
    stream(input, output, "one JSON gate event per line", |line| {
        let event = GateEvent::from_str(line).map_err(|e| e.to_string())?;
        gate.apply(&event).map_err(|e| e.to_string())?;
        Ok(json!({ "state": gate.state(), "view": gate.view() }))
    })
}

/// The top-level object of `policy resolve`'s input, each part kept as text; a key given twice
/// is refused (a map would keep the last one, so `{"payment":{…},"payment":null}` would
/// silently drop the first).
struct Parts<'a>(BTreeMap<String, &'a RawValue>);

impl<'de: 'a, 'a> serde::Deserialize<'de> for Parts<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visit<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> serde::de::Visitor<'de> for Visit<'a> {
            type Value = Parts<'a>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(
                self,
                mut map: M,
            ) -> Result<Parts<'a>, M::Error> {
                let mut parts = BTreeMap::new();
                while let Some((key, value)) = map.next_entry::<String, &'de RawValue>()? {
                    if parts.contains_key(&key) {
                        return Err(serde::de::Error::custom(format_args!(
                            "duplicate field `{key}`"
                        )));
                    }
                    parts.insert(key, value);
                }
                Ok(Parts(parts))
            }
        }
        deserializer.deserialize_map(Visit(std::marker::PhantomData))
    }
}
