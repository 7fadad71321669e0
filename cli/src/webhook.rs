//! `securepay webhook verify` and `securepay webhook parse`: raw body on standard input.

use std::io::BufRead;

use serde::Serialize;
use serde_json::json;

use super::Outcome;
use securepay::webhook::{BusinessKey, Event, SignatureError, verify_signature};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    #[command(subcommand)]
    command: WebhookCommand,
}

#[derive(Debug, clap::Subcommand)]
enum WebhookCommand {
    /// Check the x-request-network-signature of the raw body read from standard input:
    /// exit 0 valid, 1 mismatch, 2 unusable input.
    Verify(VerifyArgs),
    /// Parse the raw body read from standard input into its typed event (exit 2 if it is
    /// not a webhook body); with --secret and --signature, verify it first.
    Parse(ParseArgs),
}

#[derive(Debug, clap::Args)]
struct Secret {
    /// The webhook secret (its UTF-8 text, as returned when the webhook was created).
    #[arg(long, conflicts_with = "secret_env")]
    secret: Option<String>,
    /// Read the secret from this environment variable instead (keeps it out of the process
    /// list).
    #[arg(long, value_name = "VAR")]
    secret_env: Option<String>,
}

impl Secret {
    fn get(&self) -> Result<Option<String>, String> {
        match (&self.secret, &self.secret_env) {
            (Some(secret), _) => Ok(Some(secret.clone())),
            (None, Some(var)) => std::env::var(var)
                .map(Some)
                .map_err(|_| format!("environment variable {var} is not set or not UTF-8")),
            (None, None) => Ok(None),
        }
    }
}

#[derive(Debug, clap::Args)]
struct VerifyArgs {
    #[command(flatten)]
    secret: Secret,
    /// The value of the x-request-network-signature header (64 lowercase hex characters).
    #[arg(long)]
    signature: String,
}

#[derive(Debug, clap::Args)]
struct ParseArgs {
    #[command(flatten)]
    secret: Secret,
    /// The x-request-network-signature header; with a secret, the body is verified first.
    #[arg(long)]
    signature: Option<String>,
}

pub(super) fn run(args: &Args, input: &mut dyn BufRead) -> Outcome {
    let body = match crate::read_at_most(input, crate::MAX_INPUT_BYTES, 0) {
        Ok(Some(body)) => body,
        Ok(None) => {
            return Outcome::unusable(format!(
                "standard input is more than {} bytes, the most a webhook body may have",
                crate::MAX_INPUT_BYTES
            ));
        }
        Err(error) => return Outcome::unusable(format!("cannot read standard input: {error}")),
    };
    match &args.command {
        WebhookCommand::Verify(verify) => match verify.secret.get() {
            Ok(Some(secret)) => check(&secret, &body, &verify.signature)
                .unwrap_or_else(|| Outcome::answer(&json!({ "valid": true }))),
            Ok(None) => Outcome::unusable("either --secret or --secret-env is required"),
            Err(error) => Outcome::unusable(error),
        },
        WebhookCommand::Parse(parse) => {
            let secret = match parse.secret.get() {
                Ok(secret) => secret,
                Err(error) => return Outcome::unusable(error),
            };
            match (secret, &parse.signature) {
                (Some(secret), Some(signature)) => {
                    if let Some(outcome) = check(&secret, &body, signature) {
                        return outcome;
                    }
                }
                (None, None) => {}
                _ => return Outcome::unusable("--signature and a secret go together"),
            }
            describe(&body)
        }
    }
}

/// `None` when the signature is valid; otherwise the outcome to end with: "no" (exit 1) on a
/// mismatch, unusable (exit 2) for a malformed header or an empty secret. A mismatch says when
/// the signature is that of the body with one final newline less or more: the body was changed
/// on its way (a shell's `echo`, an editor's last line), and still does not verify.
fn check(secret: &str, body: &[u8], signature: &str) -> Option<Outcome> {
    match verify_signature(secret, body, signature) {
        Ok(_) => None,
        Err(error @ SignatureError::Mismatch) => {
            let newline = final_newline(secret, body, signature);
            let reason = match newline {
                Some(newline) => format!("{error}: {}", newline.explain()),
                None => error.to_string(),
            };
            let answer = match newline {
                Some(newline) => {
                    json!({ "valid": false, "error": reason, "finalNewline": newline.as_str() })
                }
                None => json!({ "valid": false, "error": reason }),
            };
            Some(Outcome::no(&answer, reason))
        }
        Err(error) => Some(Outcome::unusable(error)),
    }
}

/// How the signed body differs from the one read, when only by a final newline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FinalNewline {
    /// The body read ends with a `\n` the signed body does not have.
    Added,
    /// The signed body ends with a `\n` the body read does not have.
    Removed,
}

impl FinalNewline {
    fn as_str(self) -> &'static str {
        match self {
            FinalNewline::Added => "added",
            FinalNewline::Removed => "removed",
        }
    }

    fn explain(self) -> &'static str {
        match self {
            FinalNewline::Added => {
                "the signature matches this body without its final newline (\\n): a newline was added after signing (echo, a file's last line); pass the raw body as received (printf '%s', or the file as saved from the request)"
            }
            FinalNewline::Removed => {
                "the signature matches this body with a final newline (\\n): the newline the sender signed was removed; pass the raw body as received"
            }
        }
    }
}

/// Whether the signature is that of `body` with one final `\n` less or more.
fn final_newline(secret: &str, body: &[u8], signature: &str) -> Option<FinalNewline> {
    if let Some(without) = body.strip_suffix(b"\n") {
        if verify_signature(secret, without, signature).is_ok() {
            return Some(FinalNewline::Added);
        }
    }
    let mut with = Vec::with_capacity(body.len() + 1);
    with.extend_from_slice(body);
    with.push(b'\n');
    verify_signature(secret, &with, signature)
        .is_ok()
        .then_some(FinalNewline::Removed)
}

/// The answer of `webhook parse`, in this field order.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Parsed<'a> {
    /// The event name, scope included.
    name: String,
    /// Whether the name is a documented one.
    known: bool,
    /// The core name (`payment.confirmed` for `payment.confirmed.checkout`).
    kind: Option<&'static str>,
    /// `core`, `client_id` or `checkout`.
    scope: Option<&'static str>,
    /// The request the event is about.
    request_id: Option<&'a str>,
    /// The de-duplication key of the fact reported.
    business_key: Option<BusinessKey>,
    /// The event as typed (unknown fields kept).
    event: &'a Event,
}

fn describe(body: &[u8]) -> Outcome {
    match Event::parse_unverified(body) {
        Ok(event) => {
            let name = event.name();
            Outcome::answer(&Parsed {
                name: name.to_string(),
                known: name.kind().is_some(),
                kind: name.kind().map(|k| k.as_str()),
                scope: name.scope().map(|s| s.as_str()),
                request_id: event.request_id(),
                business_key: BusinessKey::of(&event),
                event: &event,
            })
        }
        Err(error) => Outcome::unusable(format!("not a webhook body: {error}")),
    }
}
