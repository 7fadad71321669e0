//! The English message of a finding: a rendering of its code and its [`Details`], in one place,
//! so that the text and the data cannot drift apart. Nothing is rendered as a finding is made:
//! [`Finding::message`], its `Display` and its serialization write the text from the data when
//! they are asked (a wallet that renders findings in its own language does the same from the
//! same data).

use crate::prelude::*;

use core::fmt::{self, Display};

use super::finding::{Case, Details, Finding, FindingCode, Location};
use super::render::{AssetRef, Party, Quantity};
use crate::contracts::Contract;
use crate::currency::TokenBehaviour;
use crate::network::Network;

/// Room for a message: most fit, so writing one is one allocation.
const ROOM: usize = 256;

impl Finding {
    /// A finding of `code`, at the code's severity: its English message is rendered from the
    /// code and the details when it is asked for ([`Finding::message`]).
    pub(crate) fn new(
        code: FindingCode,
        transaction: Option<Location>,
        details: Details,
    ) -> Finding {
        Finding {
            severity: code.severity(),
            code,
            transaction,
            details,
            masked: None,
        }
    }

    /// What was found, in English, rendered from the code and the details each time it is
    /// called (it never shows a payee masked by `hidePayeeAddress`). A program branches on
    /// [`code`](Finding::code) and the [`details`](Finding::details);
    /// [`Finding::write_message`] writes the same text without making a `String`.
    ///
    /// ```
    /// use securepay_core::verify::{verify, Expectation, FindingCode};
    /// # let response = securepay_core::pay::PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json")))?;
    /// // The payer agreed to no payee-side fee, and the response deducts 1.25 USDC.
    /// let agreed = Expectation::from_str(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30",
    ///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50"}]}"#)?;
    /// let verdict = verify(&response, &agreed);
    /// let finding = verdict.findings.iter().find(|f| f.code == FindingCode::PaymentAmount).expect("a finding");
    /// assert_eq!(finding.message(), "pays 826.25 USDC to 0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7 instead of the agreed 827.5");
    /// // The same text ends its `Display`, and is its `message` in JSON.
    /// assert!(finding.to_string().ends_with(&finding.message()));
    /// assert_eq!(serde_json::to_value(finding)?["message"], finding.message());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn message(&self) -> String {
        let mut out = String::with_capacity(ROOM);
        // Writing to a `String` does not fail.
        let _ = self.write_message(&mut out);
        out
    }

    /// Writes [`message`](Finding::message) to `out` as it renders it: no `String` is made for
    /// the whole text (`Display` of a finding writes its message this way).
    ///
    /// ```
    /// use core::fmt::Write as _;
    /// use securepay_core::verify::{verify, Expectation};
    /// # let response = securepay_core::pay::PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json")))?;
    /// let agreed = Expectation::from_str(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30",
    ///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50"}]}"#)?;
    /// let verdict = verify(&response, &agreed);
    /// // Every message, one a line, in one buffer.
    /// let mut text = String::new();
    /// for finding in &verdict.findings {
    ///     finding.write_message(&mut text)?;
    ///     text.push('\n');
    /// }
    /// assert_eq!(text.lines().count(), verdict.findings.len());
    /// assert!(text.lines().zip(&verdict.findings).all(|(line, f)| line == f.message()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_message<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        match &self.masked {
            Some(text) => out.write_str(text),
            None => {
                let mut out = out;
                write(&mut out, self.code, &self.details)
            }
        }
    }
}

/// Writes an optional value, or nothing.
struct Or<'a, T>(Option<&'a T>);

// A copy of a reference, whatever `T` is (a derive would ask `T: Copy`).
impl<T> Clone for Or<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Or<'_, T> {}

impl<T: Display> Display for Or<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(value) => value.fmt(f),
            None => Ok(()),
        }
    }
}

/// The smallest units of a quantity, or nothing.
struct Units<'a>(Option<&'a Quantity>);

impl Display for Units<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(quantity) => quantity.units.fmt(f),
            None => Ok(()),
        }
    }
}

/// A quantity in human units without its asset (smallest units when the decimals are unknown).
struct Human<'a>(Option<&'a Quantity>);

impl Display for Human<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.map(|q| (q, q.human())) {
            Some((_, Some(human))) => f.write_str(&human),
            Some((quantity, None)) => quantity.units.fmt(f),
            None => Ok(()),
        }
    }
}

/// The token address of an asset (its name when it has none).
struct Token<'a>(Option<&'a super::render::AssetRef>);

impl Display for Token<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(asset) => match &asset.token {
                Some(token) => Display::fmt(token, f),
                None => asset.fmt(f),
            },
            None => Ok(()),
        }
    }
}

const NO_ROUTE: &str =
    "but no cross-chain route was agreed (sourceNetwork, sourceCurrency, maxSourceAmount)";
const RELIES: &str =
    "this relies on an allowance given earlier; without it, the payment would fail";
const REPLACES: &str = "it would fail (an approval replaces any allowance given earlier)";
const RACE: &str =
    "a token with approval-race protection (USDT) refuses it, and the transaction fails";

/// The pieces of [`Details`] that the message's parts write, each ready to write (an absent one
/// writes nothing).
struct Pieces<'a> {
    /// The details themselves, for what a part reads more closely.
    d: &'a Details,
    /// The network.
    network: Or<'a, Network>,
    /// The expected quantity.
    expected: Or<'a, Quantity>,
    /// The actual quantity.
    actual: Or<'a, Quantity>,
    /// The party concerned.
    party: Or<'a, Party>,
    /// The party expected instead.
    expected_party: Or<'a, Party>,
    /// The asset concerned.
    asset: Or<'a, AssetRef>,
    /// The field concerned, or empty.
    field: &'a str,
    /// The reason, or empty.
    reason: &'a str,
    /// What the response states, or empty.
    stated: &'a str,
    /// The party whose tokens move.
    from: Or<'a, Party>,
    /// Whether the party is the LI.FI bridge (its diamond).
    bridge: bool,
}

/// One part of the message: writes the text of `code` if the code is of its family, or says
/// it is not (`None`).
type Part<'a> = fn(&Pieces<'a>, &mut dyn fmt::Write, FindingCode) -> Option<fmt::Result>;

/// Writes the English message of a finding of `code` with `d`: the count of unlisted findings,
/// or the text of the part whose family the code is of.
///
/// Each part is one `match`: each code's text, and where one code covers several situations,
/// the one its details say ([`Details::case`], or which fields are filled). A piece of data the
/// details lack is written as nothing.
fn write(out: &mut dyn fmt::Write, code: FindingCode, d: &Details) -> fmt::Result {
    if let Some(unlisted) = d.unlisted {
        return write_unlisted(out, unlisted);
    }
    let pieces = Pieces::of(d);
    for part in Pieces::PARTS {
        if let Some(written) = part(&pieces, out, code) {
            return written;
        }
    }
    Ok(())
}

/// The message of the last finding of a code with too many: how many more there are.
fn write_unlisted(out: &mut dyn fmt::Write, unlisted: usize) -> fmt::Result {
    write!(
        out,
        "{unlisted} more findings of this code are not listed (a verdict lists the first {} findings of each code)",
        super::MAX_FINDINGS_PER_CODE
    )
}

impl<'a> Pieces<'a> {
    /// The message's parts, one per family of codes: each code is of exactly one (the test
    /// table has a row for every code, so a code no part writes fails it).
    const PARTS: [Part<'a>; 11] = [
        Pieces::response,
        Pieces::native_value,
        Pieces::payments,
        Pieces::fees,
        Pieces::token_behaviour,
        Pieces::approvals,
        Pieces::smart_account,
        Pieces::chains,
        Pieces::bridge_call,
        Pieces::bridge_delivery,
        Pieces::tron,
    ];

    /// The pieces of `d`.
    fn of(d: &'a Details) -> Pieces<'a> {
        Pieces {
            d,
            network: Or(d.network.as_ref()),
            expected: Or(d.expected.as_ref()),
            actual: Or(d.actual.as_ref()),
            party: Or(d.party.as_ref()),
            expected_party: Or(d.expected_party.as_ref()),
            asset: Or(d.asset.as_ref()),
            field: d.field.as_deref().unwrap_or_default(),
            reason: d.reason.as_deref().unwrap_or_default(),
            stated: d.stated.as_deref().unwrap_or_default(),
            from: Or(d.from.as_ref()),
            bridge: matches!(
                d.party,
                Some(Party::Contract {
                    contract: Contract::LiFiDiamond,
                    ..
                })
            ),
        }
    }

    /// The response and its calls: its shape, its structure, the targets and calldata of its calls,
    /// the mirrors of its transactions and their roles.
    fn response(&self, out: &mut dyn fmt::Write, code: FindingCode) -> Option<fmt::Result> {
        use FindingCode as C;
        let Pieces {
            d,
            network,
            party,
            field,
            reason,
            ..
        } = *self;
        Some(match code {
            C::ResponseUnreadable => {
                write!(
                    out,
                    "the response is not a pay response of any shape: {reason}"
                )
            }
            C::StructureIndexOutOfRange
            | C::StructureOverlappingIndices
            | C::StructureFeeLegCount
            | C::StructureFeeLegOrder
            | C::StructureFeeEntryNetwork
            | C::StructureFeeEntryChainId
            | C::StructureChildCount
            | C::StructureChildPosition
            | C::StructureParallelArray
            | C::StructureDestinationCallOnSameChain
            | C::StructureMissingDestinationCall
            | C::StructureDestinationCallsMirror
            | C::StructureChainIdNetwork
            | C::StructureMissingExecutableLegCount
            | C::StructureAmountSummary
            | C::StructureNoPaymentTransaction => match &d.problem {
                Some(problem) => write!(out, "{problem}"),
                None => out.write_str(reason),
            },
            C::AddressFamily => write!(
                out,
                "the transaction goes to {party}, which is not an address of {network}"
            ),
            C::UnknownTarget => match &d.party {
                Some(party) => write!(
                    out,
                    "{party} is neither a known contract nor a payment token on {network}"
                ),
                // The target could not be named: the decoder's reason says why.
                None => out.write_str(reason),
            },
            C::UnknownSelector
            | C::SelectorNotOnTarget
            | C::NonCanonicalCalldata
            | C::ValueOnNonPayable => out.write_str(reason),
            // A batch fee that overflows names the batch contract; a hazard says its reason.
            C::UnverifiableCall if d.party.is_some() => out
                .write_str("the batch fee at the agreed rate overflows uint256: the call reverts"),
            C::UnverifiableCall => out.write_str(reason),
            C::CallReverts => write!(
                out,
                "this call cannot succeed: {reason}; you would pay gas, the payee would not be paid and approvals would stay"
            ),
            C::MirrorMismatch => match &d.stated {
                Some(index) => write!(
                    out,
                    "this transaction is not the same transaction as transactions[{index}], which {field} points to: a wallet signing this list would sign something unverified"
                ),
                None => write!(
                    out,
                    "this transaction is not the same transaction as any transaction: {field} does not point to one: a wallet signing this list would sign something unverified"
                ),
            },
            C::NotAnApproval => out.write_str(match d.case {
                Some(Case::BridgeAmongApprovals) => "a bridge call among the approvals",
                Some(Case::ApprovalAmongPayments) => {
                    "an approval where the metadata declares a payment or a fee leg"
                }
                _ => "a transfer of value among the approvals",
            }),
            _ => return None,
        })
    }

    /// The native value a call sends: a plain transfer, too little, or more than the call needs.
    fn native_value(&self, out: &mut dyn fmt::Write, code: FindingCode) -> Option<fmt::Result> {
        use FindingCode as C;
        let Pieces {
            d,
            actual,
            party,
            field,
            bridge,
            ..
        } = *self;
        Some(match code {
            C::PlainTransfer => write!(
                out,
                "a plain transfer of {} native units to {party}, not a payment call",
                Units(d.actual.as_ref())
            ),
            C::ValueMismatch => match (&d.reason, &d.expected) {
                (Some(reason), _) => out.write_str(reason),
                (None, Some(need)) => write!(
                    out,
                    "sends {} native units but the call needs at least {}: it would fail",
                    Units(d.actual.as_ref()),
                    need.units
                ),
                (None, None) => write!(
                    out,
                    "sends {} native units but the call needs at least more than 2^256: it would fail",
                    Units(d.actual.as_ref())
                ),
            },
            C::ValueStranded => match &d.reason {
                Some(reason) => out.write_str(reason),
                None => write!(
                    out,
                    "sends {actual} that the call does not need and {party} keeps"
                ),
            },
            C::ValueRefunded if bridge => write!(
                out,
                "sends {actual} to the LI.FI bridge, which bridges a token and refunds the value to you"
            ),
            C::ValueRefunded => write!(
                out,
                "sends {actual} more than the call needs; {party} refunds it to you"
            ),
            C::ValueAtRisk => write!(
                out,
                "sends {actual} more than the call needs; {field} refunds it only after it calls {party}, an address the response chooses, which can re-enter it and take it first: it counts as leaving your wallet"
            ),
            _ => return None,
        })
    }

    /// The agreed payments: missing, repeated or unlike the agreement, what leaves undeclared, and
    /// the caps on what leaves.
    fn payments(&self, out: &mut dyn fmt::Write, code: FindingCode) -> Option<fmt::Result> {
        use FindingCode as C;
        let Pieces {
            d,
            network,
            expected,
            actual,
            party,
            expected_party,
            ..
        } = *self;
        Some(match code {
            C::PaymentMissing => write!(out, "no transaction pays {expected} to {expected_party}"),
            C::PaymentDuplicated => write!(out, "pays {actual} to {party} a second time"),
            C::PaymentAmount => write!(
                out,
                "pays {actual} to {party} instead of the agreed {}",
                Human(d.expected.as_ref())
            ),
            C::PaymentPayee => write!(
                out,
                "pays {actual} to {party}, not to the agreed payee {expected_party}"
            ),
            C::PaymentReference => write!(
                out,
                "pays {party} with reference {} instead of {}",
                d.reference.as_deref().unwrap_or("(none)"),
                Or(d.expected_reference.as_ref())
            ),
            C::PaymentToken => write!(
                out,
                "pays {party} in {} on {network}, not in the agreed {} on {}",
                Or(d.actual.as_ref().map(|q| &q.asset)),
                Or(d.expected.as_ref().map(|q| &q.asset)),
                Or(d.expected.as_ref().map(|q| &q.asset.network))
            ),
            C::UndeclaredOutflow => match d.case {
                Some(Case::Burned) => write!(
                    out,
                    "sends {actual} to the zero address: it is burned, or the call fails on a token that refuses it"
                ),
                Some(Case::KeptByContract) => write!(
                    out,
                    "sends {actual} to {party}, a contract that keeps it: no one can take it out"
                ),
                Some(Case::LifiContract) => write!(
                    out,
                    "sends {actual} to {party}, LI.FI's receiver, Executor or ERC20Proxy on {network}: it is not paid to anyone it is declared for (the receiver and the proxy keep it, the Executor passes it on to the message's receiver)"
                ),
                _ => write!(
                    out,
                    "sends {actual} on {network} to {party}: no agreement covers {} there",
                    match d.asset.as_ref().and_then(|a| a.token.as_ref()) {
                        Some(_) => "this token",
                        None => "the native currency",
                    }
                ),
            },
            C::PayerFeesAboveMax => write!(
                out,
                "{actual} leaves beyond the agreed payments, above the agreed maximum of {expected}"
            ),
            C::PayeeFeesAboveMax => write!(
                out,
                "{actual} is what the payees receive less than agreed, above the agreed maximum of {expected}"
            ),
            C::SourceAmountAboveMax if d.field.is_some() => write!(
                out,
                "the deposit pays its relayer {actual}, more than the {expected} the agreed maxSourceAmount leaves beyond what all the deposits deliver"
            ),
            C::SourceAmountAboveMax => write!(
                out,
                "{actual} leaves your wallet on {network}, above the agreed maximum of {expected}"
            ),
            _ => return None,
        })
    }

    /// The fee bundle, the amount summary and labels, and the batch contract's on-chain fee.
    fn fees(&self, out: &mut dyn fmt::Write, code: FindingCode) -> Option<fmt::Result> {
        use FindingCode as C;
        let Pieces {
            d,
            network,
            expected,
            actual,
            party,
            expected_party,
            asset,
            field,
            stated,
            ..
        } = *self;
        Some(match code {
        C::FeeNotPaid => write!(
            out,
            "the fee ({expected} to {party}) is declared but no transaction pays it"
        ),
        C::FeeUndeclared => write!(
            out,
            "pays {actual} to {party}, which no entry of the fee bundle declares (a fee the response does not declare, even within the caps)"
        ),
        C::FeeBearerMismatch if d.stated.is_some() => write!(
            out,
            "the fee is deducted from request {stated}, which is not a payment of this response"
        ),
        C::FeeBearerMismatch => write!(
            out,
            "the fee bundle deducts {} units from the payment to {expected_party}, but its payee receives {} units less than agreed",
            Units(d.expected.as_ref()),
            Units(d.actual.as_ref())
        ),
        C::FeeCurrency => write!(
            out,
            "the fee is in {field}, not in the payment's currency (or the route's source currency)"
        ),
        C::FeeNetwork => write!(
            out,
            "the fee entry is on {network} but {field} is not a currency of {network}"
        ),
        C::FeeAmountUnreadable => write!(
            out,
            "fee amount {field} is not an exact amount of {asset}"
        ),
        C::AmountSummaryMismatch => {
            let (name, figure) = field.split_once(' ').unwrap_or((field, ""));
            write!(
                out,
                "{name} is {figure} but the transactions make it {actual}"
            )
        }
        C::LabelMismatch => match field {
            "metadata.network" => write!(
                out,
                "metadata.network says {stated}, not the agreed {network}"
            ),
            "metadata.paymentCurrencyId" => write!(
                out,
                "metadata.paymentCurrencyId says {stated}, not the agreed currency"
            ),
            "metadata.sourceAmount" => write!(
                out,
                "metadata.sourceAmount says {stated} but the bridge calls take {actual}"
            ),
            "metadata.eoaApproval.tokenAddress" => write!(
                out,
                "metadata.eoaApproval names {asset}, which is not the token this payment spends"
            ),
            _ => write!(
                out,
                "{field} disagrees with the transactions or the agreement"
            ),
        },
        C::BatchFee => write!(
            out,
            "the batch contract charges an on-chain fee of at most {actual} (its rate was not stated: what the payments do not use may go to the fee and the rest is refunded)"
        ),
        C::BatchFeeRateUnknown => write!(
            out,
            "the batch contract pulls an on-chain fee from your wallet for {party}, at a rate the calldata does not state and the expectation does not give (batchFeeRate)"
        ),
        C::BatchFeeAddressZero => out.write_str(
            "the batch fee goes to the zero address: the batch contract sends it there unconditionally, so it is burned or the whole call fails, depending on the token",
        ),
            _ => return None,
        })
    }

    /// A token behaviour that would make the payment fail or deliver less.
    fn token_behaviour(&self, out: &mut dyn fmt::Write, code: FindingCode) -> Option<fmt::Result> {
        use FindingCode as C;
        let Pieces {
            d, party, asset, ..
        } = *self;
        Some(match code {
            C::TokenBehaviour => match (d.behaviour, d.case) {
                (Some(TokenBehaviour::FeeOnTransfer), _) => match &d.reason {
                    Some(source) => write!(
                        out,
                        "{asset} can take a fee on each transfer ({source}): every recipient would then receive less than the amounts shown"
                    ),
                    None => write!(
                        out,
                        "no fact proves that {asset} takes no fee on transfer: if it took one, every recipient would receive less than the amounts shown"
                    ),
                },
                (Some(TokenBehaviour::RevertOnZeroValueTransfer), case) => write!(
                    out,
                    "{} {asset}: if {asset} refuses zero-value transfers (no fact proves it does not), the call fails",
                    match case {
                        Some(Case::ZeroBatchFee) => "the batch contract pulls a batch fee of 0",
                        _ => "moves 0",
                    }
                ),
                (Some(TokenBehaviour::ApprovalRaceProtection), Some(Case::WalletApproval)) => {
                    write!(
                        out,
                        "your wallet approves {asset} for {party} again while its allowance is not spent: {RACE}"
                    )
                }
                (Some(TokenBehaviour::ApprovalRaceProtection), _) => write!(
                    out,
                    "approves {asset} for {party} again while the allowance this payment gave it is not spent: {RACE}"
                ),
                (Some(TokenBehaviour::MissingReturnValues), _) => write!(
                    out,
                    "{party} requires transferFrom to return true: if {asset} returns nothing (no fact proves it returns a value), the call fails"
                ),
                (behaviour, _) => write!(
                    out,
                    "{asset} may behave unlike an ordinary token ({})",
                    Or(behaviour.as_ref())
                ),
            },
            _ => return None,
        })
    }

    /// The approvals a payment makes: of what, for whom, and how much against what is pulled.
    fn approvals(&self, out: &mut dyn fmt::Write, code: FindingCode) -> Option<fmt::Result> {
        use FindingCode as C;
        let Pieces {
            d,
            expected,
            actual,
            party,
            asset,
            ..
        } = *self;
        Some(match code {
            C::ApprovalToken => write!(
                out,
                "approves {asset} for {party}, but this payment spends no {asset}"
            ),
            C::ApprovalSpender => write!(
                out,
                "approves {asset} for {party}, which pulls nothing in this payment"
            ),
            C::ApprovalZeroAddress => write!(
                out,
                "approves 0 {asset} for the zero address: it does nothing, and a token that refuses an approval of the zero address (OpenZeppelin's, USDC) makes it fail"
            ),
            C::ApprovalUnlimited => match d.case {
                Some(Case::WalletApproval) => write!(
                    out,
                    "your wallet approves an unlimited amount of {asset} for {party}"
                ),
                _ => write!(
                    out,
                    "approves an unlimited amount of {asset} for {party}: it only pulls from its caller, but it can pull more later, until you revoke it"
                ),
            },
            C::ApprovalRemainder => match d.case {
                Some(Case::WalletApproval) => write!(
                    out,
                    "your wallet approves {actual} for {party}, whose funding step pulls {expected}: the rest stays approved"
                ),
                _ => write!(out, "approves {actual} for {party}, which pulls {expected}"),
            },
            C::ApprovalAboveNeed => self.approves_above_need(out),
            C::ApprovalBelowNeed => match d.case {
                Some(Case::NoApproval) => write!(
                    out,
                    "no approval for {party}, which pulls {expected}: {RELIES}"
                ),
                Some(Case::PullBeforeApproval) => write!(
                    out,
                    "{party} pulls {expected} before any approval of it: {RELIES}"
                ),
                Some(Case::WalletApproval) => write!(
                    out,
                    "your wallet approves {actual} for {party} but the funding step pulls {expected}: {REPLACES}"
                ),
                Some(Case::WalletNoApproval) => write!(
                    out,
                    "your wallet does not approve {party}, whose funding step pulls {expected}: {RELIES}"
                ),
                _ if d.actual.as_ref().is_some_and(|q| q.units.is_zero()) => write!(
                    out,
                    "resets the allowance of {party} to 0, then {party} pulls {expected}: it would fail (the reset also removes any allowance given earlier)"
                ),
                _ => write!(
                    out,
                    "approves {actual} for {party} but the payment then pulls {expected}: {REPLACES}"
                ),
            },
            _ => return None,
        })
    }

    /// An approval of an upgradeable contract above what it pulls (an unlimited one said so).
    fn approves_above_need(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        let Pieces {
            d,
            expected,
            actual,
            party,
            asset,
            ..
        } = *self;
        let unlimited = d
            .actual
            .as_ref()
            .is_some_and(|q| q.units == alloy_primitives::U256::MAX);
        match unlimited {
            true => out.write_str("approves an unlimited amount")?,
            false => write!(out, "approves {actual}")?,
        }
        write!(
            out,
            " of {asset} for {party}, an upgradeable contract, which pulls {expected}: an allowance left to it can be taken later"
        )
    }

    /// The smart-account flow: the wallet's approvals, the account's funding, and whose tokens
    /// move.
    fn smart_account(&self, out: &mut dyn fmt::Write, code: FindingCode) -> Option<fmt::Result> {
        use FindingCode as C;
        let Pieces {
            d,
            expected,
            actual,
            party,
            expected_party,
            asset,
            field,
            from,
            ..
        } = *self;
        Some(match code {
            C::EoaApprovalNotApprove => write!(
                out,
                "the smart-account flow's wallet transactions must only approve the smart account, but this one is {field}"
            ),
            C::EoaApprovalSpender => match (&d.field, &d.expected_party) {
                (Some(field), _) => write!(
                    out,
                    "{} names {party} as the spender, not {expected_party}",
                    field.strip_suffix(".spender").unwrap_or(field)
                ),
                (None, Some(account)) => {
                    write!(out, "your wallet approves {party} instead of {account}")
                }
                (None, None) => write!(
                    out,
                    "your wallet approves {asset} for {party}, but no smart account was agreed (smartAccount): it cannot be told from a stranger"
                ),
            },
            C::EoaApprovalToken => write!(
                out,
                "your wallet approves {asset}, which this payment does not spend"
            ),
            C::SmartAccountFunding => match (&d.expected, &d.expected_party) {
                (Some(_), _) => write!(
                    out,
                    "the smart account pulls {actual} from your wallet but spends {expected}: the rest would stay in the account"
                ),
                _ if d.field.as_deref() == Some("smartAccount") => write!(
                    out,
                    "moves {actual} from {from} to {party}, but no smart account was agreed (smartAccount)"
                ),
                (None, Some(Party::SmartAccount { .. })) => write!(
                    out,
                    "moves {actual} from your wallet to {party}, not to {expected_party}"
                ),
                (None, Some(payer)) => write!(
                    out,
                    "moves {actual} of {from}'s tokens, not yours ({payer})"
                ),
                (None, None) => write!(
                    out,
                    "funds your smart account with {actual}, which this payment does not spend"
                ),
            },
            C::SmartAccountOwnBalance => write!(
                out,
                "{party} pays {expected} more than its funding step has moved to it by then: this relies on the account holding it already; without it, the whole batch fails"
            ),
            C::PayerMissing if d.actual.is_some() => write!(
                out,
                "moves {actual} from {from} to {party}, and no payer was agreed (payer) to tell whose tokens these are"
            ),
            C::PayerMissing => write!(
                out,
                "a failed bridge transfer is refunded to {party}, and no payer was agreed (payer) to tell whether that is you: a cross-chain route cannot be verified without knowing who pays"
            ),
            _ => return None,
        })
    }

    /// The chains a response says it runs on, its children, and a cross-chain route no one agreed.
    fn chains(&self, out: &mut dyn fmt::Write, code: FindingCode) -> Option<fmt::Result> {
        use FindingCode as C;
        let Pieces {
            d,
            network,
            field,
            stated,
            ..
        } = *self;
        Some(match code {
        C::NetworkMismatch if d.field.is_some() => out.write_str(
            "the multicall says it settles on one chain, but a cross-chain route was agreed: its transactions are checked as signed on the source chain",
        ),
        C::NetworkMismatch => match &d.network {
            Some(found) => write!(
                out,
                "the multicall is on {found}, not on the agreed network"
            ),
            None => out.write_str("the multicall is on no network, not on the agreed network"),
        },
        C::ChainIdMismatch => write!(
            out,
            "{field} is not {network}'s ({})",
            Or(d.network.map(|n| n.chain_id()).as_ref())
        ),
        C::ChildMismatch if d.stated.is_some() => write!(
            out,
            "{stated} children: not one per agreed payment"
        ),
        C::ChildMismatch => write!(
            out,
            "the child disagrees with the agreed payment: {field}"
        ),
        C::CrossChainNotAgreed => match d.case {
            Some(Case::CrossChainRoute) => write!(
                out,
                "the response is a cross-chain route (metadata.routeType), {NO_ROUTE}"
            ),
            Some(Case::CrossChainMulticall) => write!(
                out,
                "the response is a cross-chain multicall (evm_cross_chain), {NO_ROUTE}"
            ),
            _ => write!(out, "calls the LI.FI bridge on {network}, {NO_ROUTE}"),
        },
        C::SourceNetworkMismatch => write!(
            out,
            "the route says it starts on {network}, not on the agreed source network"
        ),
            _ => return None,
        })
    }

    /// The LI.FI bridge call: allowed, well formed, in the agreed token, to the agreed chain and
    /// receiver.
    fn bridge_call(&self, out: &mut dyn fmt::Write, code: FindingCode) -> Option<fmt::Result> {
        use FindingCode as C;
        let Pieces {
            d,
            network,
            party,
            expected_party,
            field,
            reason,
            stated,
            ..
        } = *self;
        Some(match code {
        C::BridgeNotAllowed => write!(out, "the LI.FI bridge call is refused: {reason}"),
        C::BridgeCallInvalid => match &d.reason {
            Some(reason) => write!(out, "the LI.FI bridge call is refused: {reason}"),
            None => out.write_str(
                "hasSourceSwaps disagrees with the entry point: the call would revert",
            ),
        },
        C::BridgeToken => match field {
            "metadata.sourceTokenAddress" => out.write_str(
                "metadata.sourceTokenAddress does not name the agreed source currency",
            ),
            "swapData.sendingAssetId" => write!(
                out,
                "the route's source swaps spend the native currency on {network}, not the agreed source token"
            ),
            "acrossData.sendingAssetId" => out.write_str(
                "acrossData.sendingAssetId is not BridgeData.sendingAssetId: the facet would deposit another token than it pulls (it does not check this itself)",
            ),
            "BridgeData.sendingAssetId" => write!(
                out,
                "the bridge sends {}, not the agreed source currency",
                Token(d.asset.as_ref())
            ),
            _ => write!(
                out,
                "the bridge takes {} from your wallet, not the agreed source currency",
                Token(d.asset.as_ref())
            ),
        },
        C::BridgeDestination => write!(
            out,
            "the bridge delivers to chain {stated}, not to {network} ({})",
            Or(d.network.map(|n| n.chain_id()).as_ref())
        ),
        C::BridgeReceiver => match &d.expected_party {
            Some(receiver) => write!(
                out,
                "the bridge delivers to {party} on {network}, not to LI.FI's ReceiverAcrossV4 {receiver}, which runs the destination call"
            ),
            None => write!(
                out,
                "no LI.FI receiver is known on {network}: the destination call cannot be proved"
            ),
        },
        C::BridgeRefundAddress => write!(
            out,
            "a failed bridge transfer is refunded to {party}, not to you ({expected_party})"
        ),
            _ => return None,
        })
    }

    /// What the bridge delivers on the destination chain, and the calls it makes there.
    fn bridge_delivery(&self, out: &mut dyn fmt::Write, code: FindingCode) -> Option<fmt::Result> {
        use FindingCode as C;
        let Pieces {
            d,
            network,
            expected,
            actual,
            party,
            field,
            ..
        } = *self;
        Some(match code {
        C::BridgeOutputToken => write!(
            out,
            "the bridge delivers {} on {}, not the payment's currency",
            Token(d.asset.as_ref()),
            Or(d.asset.as_ref().map(|a| &a.network))
        ),
        C::BridgeOutputAmount => match d.case {
            Some(Case::DestinationCallsPull) => write!(
                out,
                "the bridge delivers at least {} units but its destination calls pull {}: they would fail and the whole amount would go to the message's receiver",
                Units(d.actual.as_ref()),
                Units(d.expected.as_ref())
            ),
            Some(Case::FromAmount) => write!(
                out,
                "the destination call's fromAmount {} is 0 or above the {} units LI.FI's Executor on {network} holds at that step: it reverts, and the bridged tokens go to the message's receiver as a plain transfer, without the payment",
                Units(d.actual.as_ref()),
                Units(d.expected.as_ref())
            ),
            _ => write!(
                out,
                "the deposit asks the relayer to deliver {actual} on {network} for only {expected} on {}: no relayer fills it, so this payment is not made",
                Or(d.expected.as_ref().map(|q| &q.asset.network))
            ),
        },
        C::BridgeMessage => match &d.reason {
            Some(reason) => write!(
                out,
                "the bridge's destination message does not decode strictly: {reason}"
            ),
            None => out.write_str(
                "the bridge has no destination call: nothing proves the payee is paid on the destination chain",
            ),
        },
        C::DestinationCallTarget => match d.case {
            Some(Case::DestinationApproval) => write!(
                out,
                "the destination message approves {party} for the bridged funds, not the ERC20FeeProxy it calls"
            ),
            _ => write!(
                out,
                "the destination message calls {party} on {network}, not the ERC20FeeProxy (the destination executor runs any call)"
            ),
        },
        C::DestinationCallMismatch => match (&d.reason, &d.field, d.case) {
            (Some(reason), _, _) => write!(
                out,
                "the destination calldata does not decode strictly: {reason}"
            ),
            (None, Some(function), _) => write!(
                out,
                "the destination call is {function}, not a payment through the ERC20FeeProxy"
            ),
            (None, None, Some(Case::NotOnFeeProxy)) => out.write_str(
                "the child's destinationCall is not a call of the ERC20FeeProxy on the destination chain",
            ),
            (None, None, Some(Case::NotInBridgeMessage)) => out.write_str(
                "the child's destinationCall is not a call any bridge message makes: the bridge does not pay what the child declares",
            ),
            (None, None, Some(Case::OtherToken)) => {
                out.write_str("the destination call spends another token than the payment's")
            }
            (None, None, Some(Case::ReceivingAsset)) => write!(
                out,
                "the destination step's receivingAssetId {} is neither the payment's token nor the native currency: LI.FI's Executor on {network} reads its balance, and an address that cannot answer makes the call fail: the bridged tokens would go to the message's receiver without the payment",
                Token(d.asset.as_ref())
            ),
            (None, None, _) => out
                .write_str("the bridge message makes a destination call that no child declares"),
        },
        C::DestinationReceiver => write!(
            out,
            "if the destination call fails, everything the bridge delivers goes to {party}, which is not the payee this message pays"
        ),
        C::SourceSwaps => write!(
            out,
            "the route swaps on {network} before bridging through {field}: what those calls do is not decoded; what they take from your wallet is"
        ),
            _ => return None,
        })
    }

    /// A Tron transaction: its bytes, its call, its signer, its fee limit and its signatures.
    fn tron(&self, out: &mut dyn fmt::Write, code: FindingCode) -> Option<fmt::Result> {
        use FindingCode as C;
        let Pieces {
            d,
            expected,
            actual,
            field,
            reason,
            ..
        } = *self;
        Some(match code {
        C::TronTransactionUnreadable => match field {
            "raw_data_hex" => write!(
                out,
                "the signed bytes (raw_data_hex) are not a transaction the wallet may sign: {reason}"
            ),
            "raw_data" => write!(
                out,
                "the transaction shown (raw_data) cannot be read: {reason}"
            ),
            "fee_limit" => out.write_str("the transaction's fee_limit is negative"),
            _ => write!(
                out,
                "the call's parameter cannot be read strictly: {reason}"
            ),
        },
        C::TronNetwork => out.write_str(
            "a Tron transaction was given, but the payment is not signed on Tron",
        ),
        C::TronRawDataMismatch => out.write_str(
            "the transaction shown (raw_data) is not the one signed (raw_data_hex): do not sign",
        ),
        C::TronTxIdMismatch => out.write_str(
            "txID is not the SHA-256 of the signed bytes: a signature over it would sign another transaction",
        ),
        C::TronContractCount => write!(
            out,
            "the transaction holds {reason}, not the one call verified"
        ),
        C::TronContractType => write!(
            out,
            "the transaction is a {field}, not a smart-contract call (TriggerSmartContract)"
        ),
        C::TronCallNotInResponse => out.write_str(
            "the call signed (contract and calldata) is none of the verified pay response's transactions",
        ),
        C::TronCallValue => out.write_str(
            "the call also sends TRX or a TRC-10 token, which no verified transaction does",
        ),
        C::TronOwner => out.write_str(match d.expected_party {
            Some(_) => "the transaction is signed by another wallet than the agreed payer",
            None => "no Tron payer was agreed, so who signs cannot be checked",
        }),
        C::TronFeeLimitAboveMax => match &d.field {
            None => write!(
                out,
                "the transaction lets the call burn up to {actual} for energy, above the agreed {expected}"
            ),
            Some(_) => write!(
                out,
                "the transaction lets the call burn up to {actual} for energy, but no maxTronFeeLimit was agreed, so the cap is {expected}"
            ),
        },
        C::TronSignature => match (field, &d.party) {
            ("signature", _) => out
                .write_str("the transaction is not signed: there is nothing to broadcast"),
            (_, Some(_)) => write!(
                out,
                "{field} is by another key than the transaction's owner"
            ),
            (_, None) => write!(
                out,
                "{field} does not recover to any key over the transaction id"
            ),
        },
            _ => return None,
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;
