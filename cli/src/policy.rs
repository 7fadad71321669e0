//! `securepay policy resolve` and `securepay policy gate --policy FILE --payee ADDR`.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use serde_json::{Value, json};

use super::{Outcome, stream};
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
    let mut text = String::new();
    if let Err(error) = input.read_to_string(&mut text) {
        return Outcome::unusable(format!("cannot read standard input: {error}"));
    }
    let value: Value = match serde_json::from_str(&text) {
        Ok(value) => value,
        Err(error) => return Outcome::unusable(format!("input is not JSON: {error}")),
    };
    let Some(object) = value.as_object() else {
        return Outcome::unusable(
            "input must be an object {\"clientPlan\",\"payment\",\"destination\"}",
        );
    };
    if let Some(unknown) = object
        .keys()
        .find(|k| !["clientPlan", "payment", "destination"].contains(&k.as_str()))
    {
        return Outcome::unusable(format!(
            "unknown field {unknown:?}: expected clientPlan, payment, destination"
        ));
    }
    let present = |name: &str| object.get(name).filter(|v| !v.is_null());
    let plan = match present("clientPlan").map(KytPlan::from_value).transpose() {
        Ok(plan) => plan,
        Err(error) => return Outcome::unusable(format!("clientPlan: {error}")),
    };
    let payment = match present("payment")
        .map(PaymentPolicy::from_value)
        .transpose()
    {
        Ok(policy) => policy,
        Err(error) => return Outcome::unusable(format!("payment: {error}")),
    };
    let destination = match present("destination")
        .map(DestinationPolicy::from_value)
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
    let text = match std::fs::read_to_string(&args.policy) {
        Ok(text) => text,
        Err(error) => {
            return Outcome::unusable(format!(
                "cannot read --policy {}: {error}",
                args.policy.display()
            ));
        }
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
    stream(input, output, |line| {
        let event = GateEvent::from_str(line).map_err(|e| e.to_string())?;
        gate.apply(&event).map_err(|e| e.to_string())?;
        Ok(json!({ "state": gate.state(), "view": gate.view() }))
    })
}
