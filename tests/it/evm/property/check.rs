//! The property, checked on an execution: a verdict with no danger, and no caution naming a
//! behaviour that the payment token of the run has, implies that the execution
//!
//! 1. did not revert (every transaction sent ran to the end), apart from what the verdict said
//!    would or may fail (`approval_below_need` at an approval: "it would fail";
//!    `approval_zero_address` at an approval of 0 to the zero address) and what fails in a
//!    state the verifier cannot see: the code of an address that receives native value (a
//!    contract or a precompile that refuses it, a smart account whose `receive` needs more than
//!    2300 gas), the payer's balance (an agreement and caps above 2^200 units, more than the
//!    runs give), and a transaction the EVM refuses to send (a value above any balance). The
//!    token behaviours that only make a transaction fail in a state the verifier cannot see (a
//!    paused token, a blocked address, a non-zero allowance left on a token with approval-race
//!    protection) are not set up by the runs (see `execute`);
//! 2. when every transaction ran, paid each agreed payee its agreed amount less the payee
//!    fees, the payees together short by at most `maxPayeeFees` (exactly the agreed amounts
//!    when no payee fee is agreed); what a payee receives beyond its amount counts as a fee
//!    (clause 4);
//! 3. took from the payer (its EOA and the agreed smart account, if any) at most
//!    the agreed payments and `maxPayerFees` of the payment asset, and nothing of any other
//!    asset;
//! 4. paid no one else more than the accounted fees (together at most both caps), left nothing
//!    in any contract (the table's, the tokens);
//! 5. left no allowance of the payer's above the bound: the approvals the verdict shows as
//!    cautions (`approval_unlimited`: any; `approval_remainder`: what it approves beyond what
//!    is pulled under it; `approval_below_need` at an approval: that approval, unspent when its
//!    pull fails), and what the chain had before (the allowance the verdict relies on), nothing
//!    else.
//!
//! Under hostile code at the addresses the response chooses (`execute::chosen`, issue 33), the
//! same clauses hold, with what the attacker does after the response (`Execution::after`)
//! counted in the balances. What the hostile addresses end up holding is what was paid to them:
//! of the payment asset it is a fee (clause 4: within the caps, with every other fee), of any
//! other asset a violation; native value a re-entry takes from a refund is the payer's loss
//! (clause 3) and a payment to a non-payee (clause 4), never excused. A revert stays excused
//! where clause 1 already excuses it, native value sent to code: a hostile address that refuses
//! the value, burns the gas it is given or answers what its caller cannot copy makes the
//! transaction revert by code the verifier cannot see, as a contract payee without `receive`
//! does; so does a re-entry that makes its caller revert (nothing moves, nothing is taken). A
//! revert where no native value reaches code (a token outside the catalog answering garbage) is
//! not excused.

use std::collections::BTreeMap;

use alloy_primitives::{Address, I256, U256};
use securepay::address::ChainAddress;
use securepay::currency::{TokenBehaviour, TokenFacts};
use securepay::network::Network;
use securepay::verify::{Finding, FindingCode, Severity, Verdict};

use super::case::Case;
use super::execute::Execution;
use crate::evm::observe::{Asset, Changes, Status};
use crate::evm::response::Signer;
use crate::evm::tokens::Behaviour;

/// The crate's name of the behaviour a test token has, where the crate names it (the token
/// without the zero-address check lacks a behaviour, `revert_on_transfer_to_zero_address`,
/// rather than having one: unnamed here).
pub fn named(behaviour: Behaviour) -> Option<TokenBehaviour> {
    match behaviour {
        Behaviour::FeeOnTransfer { .. } => Some(TokenBehaviour::FeeOnTransfer),
        Behaviour::NoZeroCheck => None,
        Behaviour::MissingReturn => Some(TokenBehaviour::MissingReturnValues),
        Behaviour::ReturnsFalse => Some(TokenBehaviour::ReturnsFalse),
        Behaviour::ApprovalRace => Some(TokenBehaviour::ApprovalRaceProtection),
        Behaviour::Blocklist => Some(TokenBehaviour::Blocklist),
        Behaviour::Pausable => Some(TokenBehaviour::Pause),
        Behaviour::SelfTransferFrom => Some(TokenBehaviour::TransferFromSelfWithoutAllowance),
        Behaviour::ZeroValueRevert => Some(TokenBehaviour::RevertOnZeroValueTransfer),
        Behaviour::Standard => None,
    }
}

/// The `token_behaviour` caution that names the behaviour the run's payment token has.
pub fn behaviour_caution<'v>(verdict: &'v Verdict, exec: &Execution) -> Option<&'v Finding> {
    let (token, behaviour) = exec.token?;
    let name = named(behaviour)?;
    verdict.findings.iter().find(|f| {
        f.code == FindingCode::TokenBehaviour
            && f.details.behaviour == Some(name)
            && f.details
                .asset
                .as_ref()
                .and_then(|a| a.token)
                .is_some_and(|t| t.address().is_some_and(|a| a.abi() == token))
    })
}

/// Whether a test token of `behaviour` at `token` contradicts a fact the crate holds (a
/// behaviour proven absent for it): such a run is not one of that token.
pub fn contradicts_facts(network: Network, token: Address, behaviour: Behaviour) -> bool {
    named(behaviour).is_some_and(|name| {
        !TokenFacts::builtin().may_have(network, &ChainAddress::from_abi(network, token), name)
    })
}

/// Whether the property binds the run: no danger, and no caution naming the behaviour of the
/// run's token.
pub fn binds(verdict: &Verdict, exec: &Execution) -> bool {
    verdict.is_safe() && behaviour_caution(verdict, exec).is_none()
}

/// The payer's accounts.
fn payers(signer: Signer) -> Vec<Address> {
    match signer {
        Signer::Eoa(eoa) => vec![eoa],
        Signer::SmartAccount { owner, account } => vec![owner, account],
    }
}

fn i(value: U256) -> I256 {
    I256::try_from(value).unwrap_or(I256::MAX)
}

/// Every way the execution breaks the agreement (empty: it keeps it).
pub fn violations(case: &Case, verdict: &Verdict, exec: &Execution) -> Vec<String> {
    let mut wrong = Vec::new();
    let exp = &case.expectation;
    let asset = match exp.token() {
        Some(token) => Asset::Token(token.abi()),
        None => Asset::Native,
    };
    for address in &exec.no_code {
        wrong.push(format!(
            "a transaction calls {address}, which has no code: it would succeed and do nothing"
        ));
    }
    // 1. No revert, but where the verdict said it would fail, or where the cause is state the
    // verifier cannot see.
    let warned_short = verdict.findings.iter().any(|f| {
        matches!(
            f.code,
            FindingCode::ApprovalBelowNeed | FindingCode::ApprovalZeroAddress
        ) && f.severity == Severity::Caution
            && f.transaction.is_some()
    });
    let mut total = Changes::default();
    for (_, outcome) in &exec.after {
        total.merge(&outcome.changes);
    }
    let mut all_ran = true;
    for (what, outcome) in &exec.outcomes {
        total.merge(&outcome.changes);
        if outcome.succeeded() {
            continue;
        }
        all_ran = false;
        let refused =
            matches!(&outcome.status, Status::Halt(why) if why.starts_with("the EVM refuses"));
        let unseen = exec.native_to_code.contains(what) || exec.underfunded;
        if !warned_short && !refused && !unseen {
            wrong.push(format!("{what} reverted: {:?}", outcome.status));
        }
    }
    // 2. The payees.
    let mut agreed: BTreeMap<Address, U256> = BTreeMap::new();
    let mut gross = U256::ZERO;
    for payment in exp.payments() {
        let payee = payment.payee().address_for_transaction().abi();
        let entry = agreed.entry(payee).or_default();
        *entry = entry.saturating_add(payment.units());
        gross = gross.saturating_add(payment.units());
    }
    let mut short = I256::ZERO;
    let mut beyond = I256::ZERO;
    for (&payee, &amount) in &agreed {
        let received = total.of(asset, payee);
        if received > i(amount) {
            beyond += received - i(amount);
        }
        short += (i(amount) - received).max(I256::ZERO);
        if received < I256::ZERO {
            wrong.push(format!("payee {payee} loses {received}"));
        }
    }
    if all_ran && short > i(exp.max_payee_fees()) {
        wrong.push(format!(
            "the payees receive {short} less than agreed, above maxPayeeFees {}",
            exp.max_payee_fees()
        ));
    }
    // 3. The payer: its EOA, and the agreed smart account (its own, whoever signs).
    let mut payers = payers(case.signer);
    if let Some(account) = exp.smart_account() {
        if !payers.contains(&account.abi()) {
            payers.push(account.abi());
        }
    }
    let paid = payers
        .iter()
        .map(|p| -total.of(asset, *p))
        .fold(I256::ZERO, |t, x| t + x);
    let allowed = gross.saturating_add(exp.max_payer_fees());
    if paid > i(allowed) {
        wrong.push(format!(
            "the payer pays {paid}, above the agreed payments and maxPayerFees ({allowed})"
        ));
    }
    for (changed, who, delta) in total.entries() {
        if changed != asset && payers.contains(&who) && delta < I256::ZERO {
            wrong.push(format!("the payer's {who} loses {delta} of {changed:?}"));
        }
    }
    // 4. Everyone else.
    let mut others = beyond;
    for (changed, who, delta) in total.entries() {
        if payers.contains(&who) || delta <= I256::ZERO {
            continue;
        }
        if exec.contracts.contains(&who) {
            wrong.push(format!("the contract {who} keeps {delta} of {changed:?}"));
        } else if changed != asset {
            wrong.push(format!("{who} receives {delta} of {changed:?}"));
        } else if !agreed.contains_key(&who) {
            others += delta;
        }
    }
    let fees = exp.max_payer_fees().saturating_add(exp.max_payee_fees());
    if others > i(fees) {
        wrong.push(format!(
            "others than the payees receive {others} (fees), above both caps ({fees})"
        ));
    }
    // 5. Allowances the payer leaves.
    if let Some((_, last)) = exec.outcomes.last() {
        for (&(token, owner, spender), &left) in &last.allowances {
            if !payers.contains(&owner) || left.is_zero() {
                continue;
            }
            // An allowance the chain had before (what the verdict relies on) is not the
            // response's: it may stay when the payment fails.
            let before = exec
                .seeded
                .iter()
                .filter(|s| (s.token, s.owner, s.spender) == (token, owner, spender))
                .fold(U256::ZERO, |t, s| t.saturating_add(s.amount));
            let bound = allowance_bound(verdict, token, spender, all_ran).saturating_add(before);
            if left > bound {
                wrong.push(format!(
                    "{owner} leaves an allowance of {left} of {token} to {spender}, above the bound {bound} the verdict shows"
                ));
            }
        }
    }
    wrong
}

/// What the verdict shows may be left approved to `spender` of `token`: any amount after an
/// `approval_unlimited` caution, the amount approved beyond what is pulled under it after an
/// `approval_remainder` caution (all of it when a transaction failed), the approval of a pull
/// said to fail, nothing otherwise.
fn allowance_bound(verdict: &Verdict, token: Address, spender: Address, all_ran: bool) -> U256 {
    verdict
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Caution)
        .filter(|f| {
            let d = &f.details;
            d.asset
                .as_ref()
                .and_then(|a| a.token)
                .and_then(|t| t.address().map(|a| a.abi()))
                == Some(token)
                && d.party.as_ref().and_then(|p| p.address()).map(|a| a.abi()) == Some(spender)
        })
        .map(|f| match f.code {
            FindingCode::ApprovalUnlimited => U256::MAX,
            // The approval of a pull that fails stays.
            FindingCode::ApprovalBelowNeed if f.transaction.is_some() => {
                f.details.actual.as_ref().map_or(U256::ZERO, |q| q.units)
            }
            // When a transaction failed, what it would have pulled stays approved.
            FindingCode::ApprovalRemainder | FindingCode::ApprovalAboveNeed if !all_ran => {
                f.details.actual.as_ref().map_or(U256::ZERO, |q| q.units)
            }
            FindingCode::ApprovalRemainder | FindingCode::ApprovalAboveNeed => {
                let approved = f.details.actual.as_ref().map_or(U256::ZERO, |q| q.units);
                let need = f.details.expected.as_ref().map_or(U256::ZERO, |q| q.units);
                approved.saturating_sub(need)
            }
            _ => U256::ZERO,
        })
        .max()
        .unwrap_or(U256::ZERO)
}
