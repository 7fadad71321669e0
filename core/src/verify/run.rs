//! One verification in progress: the findings so far, the legs of value and the approvals the
//! transactions make, and the helpers that name things for people.

use crate::prelude::*;

use alloc::collections::BTreeMap;
use core::fmt;

use alloy_primitives::{Bytes, U256};

use super::assumption::Assumption;
use super::expectation::Expectation;
use super::finding::{Details, Finding, FindingCode, Location};
use super::render::{AssetRef, Party, Quantity};
use super::summary::SummaryLine;
use crate::address::ChainAddress;
use crate::calldata::effect::{Approval, Asset, LoggedReference, Move};
use crate::contracts::{Contract, Deployments};
use crate::currency::Catalog;
use crate::network::Network;
use crate::pay::{FeeBearer, PayResponse, Problem};

/// Why a leg of value moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LegKind {
    /// The main transfer of a payment call, with its reference.
    Payment,
    /// A fee a call pays.
    Fee,
    /// A batch contract's on-chain fee.
    BatchFee,
    /// A plain token transfer.
    Transfer,
    /// Value a contract keeps.
    Stranded,
    /// Native value a contract should refund but that code the response chose can take first
    /// (`value_at_risk`): it counts as leaving the wallet.
    AtRisk,
    /// Tokens sent into the bridge.
    Bridge,
}

/// One movement of value the signatures would cause.
#[derive(Debug, Clone)]
pub(super) struct Leg {
    pub at: Location,
    pub network: Network,
    pub asset: Asset,
    pub amount: U256,
    pub to: ChainAddress,
    pub reference: Option<LoggedReference>,
    pub kind: LegKind,
    /// The contract that pulls it with the wallet's allowance.
    pub puller: Option<ChainAddress>,
    /// Delivered on the destination chain from bridged funds, not taken from the wallet there.
    pub bridged: bool,
    /// An upper bound (a batch fee whose rate was not stated).
    pub at_most: bool,
    /// The fee entry that declares it, for the summary.
    pub fee_label: Option<FeeLabel>,
}

/// An approval, where it is signed.
#[derive(Debug, Clone, Copy)]
pub(super) struct Placed {
    pub at: Location,
    pub network: Network,
    pub approval: Approval,
}

/// Tokens a transaction moves out of another holder's balance (`transferFrom`), where it is
/// signed.
#[derive(Debug, Clone, Copy)]
pub(super) struct Moved {
    pub at: Location,
    pub network: Network,
    pub moves: Move,
}

/// A refund of native value a contract makes.
#[derive(Debug, Clone, Copy)]
pub(super) struct Refund {
    pub network: Network,
    pub amount: U256,
    pub contract: ChainAddress,
}

/// A bridge deposit: what it takes and delivers, for its own checks and the summary.
#[derive(Debug, Clone)]
pub(super) struct Route {
    /// The bridge call.
    pub at: Location,
    pub source: Network,
    /// What the bridge deposits (`BridgeData.minAmount`), in the sent asset.
    pub bridged: U256,
    /// What leaves the wallet for it.
    pub sent: U256,
    pub sent_asset: Asset,
    pub delivered: U256,
    pub delivered_asset: Asset,
}

/// A fee leg's label from its fee entry, for the summary.
#[derive(Debug, Clone)]
pub(super) struct FeeLabel {
    pub label: Option<String>,
    pub bearer: FeeBearer,
}

/// The tables a verification reads.
#[derive(Clone, Copy)]
pub(super) struct Tables<'v> {
    pub deployments: &'v Deployments,
    pub catalog: &'v Catalog,
}

/// One verification in progress.
pub(super) struct Run<'v, 'e> {
    pub v: Tables<'v>,
    pub exp: &'e Expectation,
    pub findings: Vec<Finding>,
    /// What the verdict relies on (token facts), in the order found.
    pub assumptions: Vec<Assumption>,
    pub legs: Vec<Leg>,
    pub approvals: Vec<Placed>,
    pub eoa_approvals: Vec<Placed>,
    /// The `transferFrom` calls (a smart account's funding step).
    pub moved: Vec<Moved>,
    pub refunds: Vec<Refund>,
    pub routes: Vec<Route>,
    /// Where a contract pulls 0 of a token from the wallet (a batch fee of 0): a token that
    /// refuses zero-value transfers makes that call fail.
    pub zero_pulls: Vec<(Location, Network, ChainAddress)>,
    /// The calldata of every destination call the bridge messages carry.
    pub destination_calls: Vec<(Location, Bytes)>,
    /// How many transactions cannot be read (their calldata does not decode for what they
    /// call, their target is of the other address family, a bridge call does not decode), and
    /// the first of them: the effects are incomplete ([`Run::cannot_read`]).
    unreadable: usize,
    first_unreadable: Option<Location>,
    pub lines: Vec<SummaryLine>,
    /// The indices of the agreed payments, ordered by their payee's transaction address (then
    /// by index): the payments of one payee are a run of it. Empty for a single payment.
    payees: Vec<usize>,
    assets: BTreeMap<(Network, Asset), AssetRef>,
    /// The findings of each code listed so far, and those not listed (see
    /// [`MAX_FINDINGS_PER_CODE`]), by the code's place in [`FindingCode::ALL`].
    counts: [Count; FindingCode::ALL.len()],
}

/// The most findings of one code a verdict lists. A response can repeat one flaw tens of
/// thousands of times (a transaction, a fee entry, an approval): past this many, the findings
/// of that code are counted, not kept, and one finding of that code at the end says how many
/// more there are, with the highest severity among them, so a verdict stays a few hundred
/// findings at most and is never safe when any of them is a danger.
///
/// ```
/// use securepay_core::verify::{verify_slice, Expectation, FindingCode, MAX_FINDINGS_PER_CODE};
///
/// let agreed = Expectation::from_str(r#"{"network":"base","currency":"ETH-base-base",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"1"}]}"#)?;
/// // 1,000 calls of an unknown contract.
/// let call = r#"{"to":"0x000000000000000000000000000000000000dEaD","data":"0x12345678","value":"0"}"#;
/// let body = format!(r#"{{"paymentType":"single","feeBundle":null,
///   "metadata":{{"stepsRequired":1,"needsApproval":false,"paymentTransactionIndex":0}},
///   "transactions":[{}]}}"#, vec![call; 1_000].join(","));
/// let verdict = verify_slice(body.as_bytes(), &agreed);
/// let unknown: Vec<_> = verdict.findings.iter().filter(|f| f.code == FindingCode::UnknownTarget).collect();
/// assert_eq!(unknown.len(), MAX_FINDINGS_PER_CODE + 1);
/// assert_eq!(unknown[MAX_FINDINGS_PER_CODE].message(),
///   "984 more findings of this code are not listed (a verdict lists the first 16 findings of each code)");
/// assert!(!verdict.is_safe());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const MAX_FINDINGS_PER_CODE: usize = 16;

/// The findings of one code.
#[derive(Debug, Clone, Copy, Default)]
struct Count {
    listed: usize,
    unlisted: usize,
}

impl<'v, 'e> Run<'v, 'e> {
    /// A verification of `exp` with `tables`, nothing found yet.
    fn new(tables: Tables<'v>, exp: &'e Expectation) -> Run<'v, 'e> {
        // One payment needs no list (see `payments_of`).
        let mut payees: Vec<usize> = match exp.payments().len() {
            1 => Vec::new(),
            n => (0..n).collect(),
        };
        // Stable: the payments of one payee stay in index order.
        super::order::sort_by_key(&mut payees, |index| payee_key(exp, *index));
        Run {
            v: tables,
            exp,
            findings: Vec::new(),
            assumptions: Vec::new(),
            legs: Vec::new(),
            approvals: Vec::new(),
            eoa_approvals: Vec::new(),
            moved: Vec::new(),
            refunds: Vec::new(),
            routes: Vec::new(),
            zero_pulls: Vec::new(),
            destination_calls: Vec::new(),
            unreadable: 0,
            first_unreadable: None,
            lines: Vec::new(),
            payees,
            assets: BTreeMap::new(),
            counts: [Count::default(); FindingCode::ALL.len()],
        }
    }
}

/// Runs a verification: the findings, the assumptions and the summary.
///
/// A transaction that cannot be read (its calldata does not decode for what it calls) leaves
/// the effects incomplete: nothing is settled from them (every payment, fee and total would be
/// a guess), the findings are the walk's (each at its transaction), and the summary says what
/// cannot be shown ([`SummaryLine::NotShown`]).
pub(super) fn run(tables: Tables<'_>, response: &PayResponse, exp: &Expectation) -> super::Verdict {
    let mut run = Run::new(tables, exp);
    for problem in response.problems() {
        run.structure(&problem);
    }
    run.walk(response);
    if run.unreadable == 0 {
        run.check_recipients();
        run.deposit_fees();
        run.check_approvals();
        run.check_funding();
        let settlement = run.settle();
        run.check_labels(response, &settlement);
        run.check_token_behaviours();
        run.summarize(&settlement);
    } else {
        run.lines.push(SummaryLine::NotShown {
            unreadable: run.unreadable,
            first: run.first_unreadable,
        });
    }
    run.count_unlisted();
    super::mask::verdict(run.exp, &mut run.findings, &mut run.lines);
    super::Verdict {
        findings: run.findings,
        assumptions: run.assumptions,
        summary: super::Summary { lines: run.lines },
    }
}

impl Run<'_, '_> {
    fn structure(&mut self, problem: &Problem) {
        self.finding(
            FindingCode::from(problem),
            None,
            Details {
                reason: Some(problem.to_string()),
                problem: Some(problem.clone()),
                ..Details::default()
            },
        );
    }

    /// Records a finding of `code`, at the code's severity ([`FindingCode::severity`]) and with
    /// its English message rendered from the details ([`super::message`]): listed if fewer than
    /// [`MAX_FINDINGS_PER_CODE`] of its code are, else counted.
    ///
    /// Cold: a branch that records a finding (and builds its details) is laid out away from
    /// the checks a safe payment runs through, which keeps their code within the instruction
    /// cache (measured: 1,132 instruction-cache misses per one-payment verification before).
    #[cold]
    #[inline(never)]
    pub(super) fn finding(&mut self, code: FindingCode, at: Option<Location>, details: Details) {
        // `ALL` lists the codes in declaration order: a code's discriminant is its place.
        if let Some(count) = self.counts.get_mut(code as usize) {
            if count.listed >= MAX_FINDINGS_PER_CODE {
                count.unlisted = count.unlisted.saturating_add(1);
                return;
            }
            count.listed = count.listed.saturating_add(1);
        }
        self.findings.push(Finding::new(code, at, details));
    }

    /// Records that the transaction at `at` cannot be read (its finding says why): nothing is
    /// settled from the effects, and the summary says what it cannot show.
    pub(super) fn cannot_read(&mut self, at: Location) {
        self.unreadable = self.unreadable.saturating_add(1);
        self.first_unreadable.get_or_insert(at);
    }

    /// One finding per code with unlisted findings: how many, at the code's severity.
    fn count_unlisted(&mut self) {
        let unlisted: Vec<(FindingCode, usize)> = FindingCode::ALL
            .iter()
            .zip(&self.counts)
            .filter(|(_, count)| count.unlisted > 0)
            .map(|(code, count)| (*code, count.unlisted))
            .collect();
        for (code, unlisted) in unlisted {
            let details = Details {
                reason: Some(format!(
                    "{unlisted} more findings of this code are not listed"
                )),
                unlisted: Some(unlisted),
                ..Details::default()
            };
            self.findings.push(Finding::new(code, None, details));
        }
    }

    /// Records that a bridge's destination message (`bridge_message`) or a destination call
    /// (`destination_call_mismatch`) on `network` does not decode strictly: a danger with the
    /// decoder's reason.
    pub(super) fn undecodable(
        &mut self,
        code: FindingCode,
        at: Option<Location>,
        network: Network,
        error: &dyn fmt::Display,
    ) {
        let details = Details {
            reason: Some(error.to_string()),
            ..Details::on(network)
        };
        self.finding(code, at, details);
    }

    /// The payments agreed to `address` (on the payment network).
    pub(super) fn payments_of(&self, address: &ChainAddress) -> &[usize] {
        let key = Some(address);
        if self.exp.payments().len() == 1 {
            return if payee_key(self.exp, 0) == key {
                &[0]
            } else {
                &[]
            };
        }
        let start = self
            .payees
            .partition_point(|index| payee_key(self.exp, *index) < key);
        let rest = self.payees.get(start..).unwrap_or_default();
        let len = rest.partition_point(|index| payee_key(self.exp, *index) == key);
        rest.get(..len).unwrap_or_default()
    }

    /// Someone on `network`, named for people: an agreed payee (hidden when masked), the smart
    /// account, one of the table's contracts, or an address.
    pub(super) fn party(&self, network: Network, address: &ChainAddress) -> Party {
        let address = address.on_network(network);
        if network == self.exp.network() && !self.payments_of(&address).is_empty() {
            return if self.exp.hide_payee_address() {
                Party::Hidden
            } else {
                Party::Payee { address }
            };
        }
        if self
            .exp
            .smart_account()
            .is_some_and(|a| a.abi() == address.abi())
        {
            return Party::SmartAccount { address };
        }
        match self.contract_at(network, &address) {
            Some(contract) => Party::Contract { address, contract },
            None => Party::Other { address },
        }
    }

    /// The agreed payee of payment `index`, named for people.
    pub(super) fn payee_party(&self, index: usize) -> Option<Party> {
        let payment = self.exp.payments().get(index)?;
        Some(match payment.payee().shown_address() {
            Some(address) => Party::Payee { address: *address },
            None => Party::Hidden,
        })
    }

    /// The service contract (or bridge) at `address` on `network`, if the table has one there.
    pub(super) fn contract_at(&self, network: Network, address: &ChainAddress) -> Option<Contract> {
        let address = address.on_network(network);
        self.v.deployments.contract_at(network, &address).ok()
    }

    /// What the catalog knows of an asset (cached: lookups scan the catalog).
    pub(super) fn asset(&mut self, network: Network, asset: Asset) -> AssetRef {
        self.known(network, asset).clone()
    }

    /// The cached [`AssetRef`] of an asset, looked up in the catalog the first time.
    fn known(&mut self, network: Network, asset: Asset) -> &AssetRef {
        let catalog = self.v.catalog;
        let exp = self.exp;
        self.assets.entry((network, asset)).or_insert_with(|| {
            let token = match asset {
                Asset::Token(token) => Some(token),
                Asset::Native => None,
            };
            super::mask::asset(exp, AssetRef::lookup(catalog, network, token))
        })
    }

    /// `units` of an asset on a network (one copy of the cached asset: its shared id and
    /// symbol are counted once).
    pub(super) fn quantity(&mut self, network: Network, asset: Asset, units: U256) -> Quantity {
        self.known(network, asset).quantity(units)
    }

    /// The agreed payment asset, on the payment network.
    pub(super) fn payment_asset(&self) -> Asset {
        match self.exp.token() {
            Some(token) => Asset::Token(token),
            None => Asset::Native,
        }
    }

    /// `units` of the payment currency.
    pub(super) fn in_payment_currency(&mut self, units: U256) -> Quantity {
        let (network, asset) = (self.exp.network(), self.payment_asset());
        self.quantity(network, asset, units)
    }

    /// The source asset of the agreed cross-chain route, on its network.
    pub(super) fn source_asset(&self) -> Option<(Network, Asset)> {
        let cross = self.exp.cross_chain()?;
        let token = cross.currency().token_address()?;
        Some((cross.network(), Asset::Token(token)))
    }
}

/// The transaction address of the payee of agreed payment `index` (the order of
/// [`Run::payments_of`]'s list).
fn payee_key(exp: &Expectation, index: usize) -> Option<&ChainAddress> {
    exp.payments()
        .get(index)
        .map(|payment| payment.payee().address_for_transaction())
}

/// Where a transaction comes in the order the wallet sends them: the smart-account flow's
/// wallet approvals first, then `transactions` (or a legacy batch's approvals) in order, then a
/// legacy batch's calls, key after key.
pub(super) fn send_order(at: Location) -> (u8, usize) {
    use super::finding::ResponseList;
    let index = at.index.unwrap_or(0);
    match at.list {
        ResponseList::EoaApprovalTransactions => (0, index),
        ResponseList::Transactions | ResponseList::Erc20ApprovalTransactions => (1, index),
        ResponseList::BatchPaymentTransaction => (2, 0),
        ResponseList::Erc20BatchPaymentTransaction => (2, 1),
        ResponseList::EthBatchPaymentTransaction => (2, 2),
        _ => (3, index),
    }
}

/// A payment reference's bytes as `0x` hex.
pub(super) fn reference_text(reference: &LoggedReference) -> String {
    // Written at its length at once (`to_string` grows the text: two allocator calls).
    alloy_primitives::hex::encode_prefixed(reference)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::super::finding::Severity;
    use super::{Details, Expectation, FindingCode, MAX_FINDINGS_PER_CODE, Run, Tables};
    use crate::contracts::Deployments;
    use crate::currency::Catalog;
    use crate::prelude::*;

    fn agreed() -> Expectation {
        Expectation::from_str(
            r#"{"network":"base","currency":"USDC-base",
              "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"1"}]}"#,
        )
        .unwrap()
    }

    /// The counts are kept by discriminant: each code's discriminant is its place in `ALL`.
    #[test]
    fn every_code_is_at_its_discriminant_in_all() {
        for (place, code) in FindingCode::ALL.iter().enumerate() {
            assert_eq!(*code as usize, place, "{code}");
        }
    }

    /// Findings past the listed ones of their code are counted in one finding of that code,
    /// at the code's severity: a danger code counted keeps the verdict unsafe.
    #[test]
    fn unlisted_findings_are_counted_at_their_codes_severity() {
        let exp = agreed();
        let tables = Tables {
            deployments: Deployments::builtin(),
            catalog: Catalog::builtin(),
        };
        let mut run = Run::new(tables, &exp);
        for code in [FindingCode::ApprovalUnlimited, FindingCode::PlainTransfer] {
            for _ in 0..MAX_FINDINGS_PER_CODE + 2 {
                run.finding(code, None, Details::default());
            }
        }
        run.count_unlisted();
        let findings = &run.findings;
        assert_eq!(findings.len(), 2 * MAX_FINDINGS_PER_CODE + 2);
        assert!(findings.iter().all(|f| f.severity == f.code.severity()));
        let counted: Vec<_> = findings
            .iter()
            .filter(|f| f.transaction.is_none() && f.details.reason.is_some())
            .map(|f| (f.code, f.severity))
            .collect();
        assert_eq!(
            counted,
            [
                (FindingCode::PlainTransfer, Severity::Danger),
                (FindingCode::ApprovalUnlimited, Severity::Caution)
            ]
        );
        let last = findings.last().unwrap();
        assert_eq!(
            last.details.reason.as_deref(),
            Some("2 more findings of this code are not listed")
        );
    }
}
