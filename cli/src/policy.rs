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
    // The three parts are kept as text and each is read by its own reader: no tree of the
    // whole input is built (a JSON tree can take many times its text in memory).
    let whole: &RawValue = match serde_json::from_str(&text) {
        Ok(whole) => whole,
        Err(error) => return Outcome::unusable(format!("input is not JSON: {error}")),
    };
    let object: BTreeMap<String, &RawValue> = match serde_json::from_str(whole.get()) {
        Ok(object) if whole.get().starts_with('{') => object,
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
