//! The counterexamples the property found, each the smallest response that showed it, with the
//! verdict it gets now. Each failed before its fix (in src/verify/ or src/calldata/effect.rs).

use alloy_primitives::U256;
use alloy_sol_types::SolCall;
use securepay::contracts::abi::IERC20;
use securepay::currency::TokenBehaviour;
use securepay::pay::PayResponse;
use securepay::verify::{FindingCode, Severity, Verdict, verify};

use super::case::{Caps, Case, FeeSpec, Kind, Spec, build};
use super::check::{behaviour_caution, binds, violations};
use super::execute::execute;
use crate::evm::tokens::Behaviour;

/// Counterexample 1 (fixtures, ZeroValueRevert token). A legacy ERC-20 batch on BSC at a
/// batch fee rate of 0: `BatchPayments` still pulls the batch fee, `transferFrom(payer,
/// feeAddress, 0)`, and a token that refuses zero-value transfers (LEND) reverts the whole
/// batch, which the verdict called a clean payment of three rows. The revert is in the calldata
/// and the agreed rate, not in a state the verifier cannot see: the verdict now says it, a
/// `token_behaviour` caution (`revert_on_zero_value_transfer`) on the batch call, for every
/// token not proven to accept zero-value transfers (USDC and DAI on Ethereum are).
#[test]
fn regression_a_zero_batch_fee_of_a_token_that_may_refuse_zero_values_is_said() {
    let mut spec = Spec::new(Kind::LegacyErc20, "USDC-bsc");
    spec.amounts = vec![100_000, 2_500];
    let case = build(&spec).unwrap();
    let verdict = verify(&case.response, &case.expectation);
    assert!(verdict.is_safe(), "{verdict}");
    let exec = execute(&case, &verdict, Behaviour::ZeroValueRevert);
    assert!(!violations(&case, &verdict, &exec).is_empty());
    let caution = behaviour_caution(&verdict, &exec).expect("the caution");
    assert_eq!(caution.severity, Severity::Caution);
    assert_eq!(
        caution.details.behaviour,
        Some(TokenBehaviour::RevertOnZeroValueTransfer)
    );
    assert!(caution.transaction.is_some(), "{caution:?}");
    // A standard token pays the rows and the fee of 0: bound and kept.
    let exec = execute(&case, &verdict, Behaviour::Standard);
    assert!(binds(&verdict, &exec));
    assert_eq!(violations(&case, &verdict, &exec), Vec::<String>::new());
    // At a rate that makes a fee, nothing to say.
    spec.rate = 10;
    let case = build(&spec).unwrap();
    let verdict = verify(&case.response, &case.expectation);
    assert!(
        !verdict
            .findings
            .iter()
            .any(|f| { f.details.behaviour == Some(TokenBehaviour::RevertOnZeroValueTransfer) })
    );
    // USDC on Ethereum accepts a transfer of 0 (FiatToken checks no value): nothing to say.
    let usdc = build(&Spec::new(Kind::LegacyErc20, "USDC-mainnet")).unwrap();
    let verdict = verify(&usdc.response, &usdc.expectation);
    assert!(
        !verdict
            .findings
            .iter()
            .any(|f| { f.details.behaviour == Some(TokenBehaviour::RevertOnZeroValueTransfer) })
    );
}

/// Counterexample 0 (the reason for the caution; README "Reliability"): a single USDC payment on Base
/// with a payer-borne fee, paid with a token that takes 1 % on every transfer: the payee and the
/// fee recipient receive 1 % less than the verdict's summary says. Before `token_behaviour`,
/// that verdict had no finding at all.
#[test]
fn regression_a_fee_on_transfer_is_said_for_a_token_not_proven_without_one() {
    // Binance-Peg USDC on BNB Chain: no fact is held of it (Circle's USDC is proven since
    // issue 34, item 3).
    let mut spec = Spec::new(Kind::Plan, "USDC-bsc");
    spec.fees = vec![FeeSpec {
        payee_borne: false,
        amount: 30,
        request: 0,
        second: false,
    }];
    spec.caps = Caps::Exact;
    let case = build(&spec).unwrap();
    let verdict = verify(&case.response, &case.expectation);
    let codes: Vec<FindingCode> = verdict.findings.iter().map(|f| f.code).collect();
    assert_eq!(codes, [FindingCode::TokenBehaviour], "{verdict}");
    let exec = execute(&case, &verdict, Behaviour::FeeOnTransfer { bps: 100 });
    let wrong = violations(&case, &verdict, &exec);
    assert!(
        wrong.iter().any(|w| w.contains("less than agreed")),
        "{wrong:?}"
    );
    assert!(!binds(&verdict, &exec));
}

/// The payment call's first transaction of `case` that is an `approve`, set to `amount`.
fn set_first_approval(case: &mut Case, eoa: bool, amount: U256) {
    let txs = match &mut case.response {
        PayResponse::Single(s) if eoa => s.eoa_approval_transactions.as_mut().unwrap(),
        PayResponse::Multicall(m) if eoa => m.eoa_approval_transactions.as_mut().unwrap(),
        PayResponse::Single(s) => &mut s.transactions,
        PayResponse::Multicall(m) => &mut m.transactions,
        PayResponse::LegacyBatch(b) => &mut b.erc20_approval_transactions,
        _ => unreachable!(),
    };
    let tx = txs
        .iter_mut()
        .find(|tx| IERC20::approveCall::abi_decode(&tx.data).is_ok())
        .unwrap();
    let call = IERC20::approveCall::abi_decode(&tx.data).unwrap();
    tx.data = IERC20::approveCall {
        spender: call.spender,
        amount,
    }
    .abi_encode()
    .into();
}

fn codes(verdict: &Verdict) -> Vec<(FindingCode, Severity)> {
    verdict
        .findings
        .iter()
        .map(|f| (f.code, f.severity))
        .collect()
}

/// Counterexample 2 (mutation: the approval's amount word zeroed). A single USDC payment on BSC
/// whose approval is `approve(ERC20FeeProxy, 0)`. The verdict said "no approval: this relies on
/// an allowance given earlier" (a zero approval was taken for a USDT-style reset that grants
/// nothing); but the reset removes any earlier allowance, so the payment fails whatever the
/// wallet had approved before. The allowances are now followed in the order the wallet sends the
/// transactions (an approval replaces the allowance): a pull beyond what the last approval left
/// is said at that approval, "it would fail".
#[test]
fn regression_a_reset_to_zero_before_the_pull_removes_the_earlier_allowance() {
    let mut case = build(&Spec::new(Kind::Plan, "USDC-bsc")).unwrap();
    set_first_approval(&mut case, false, U256::ZERO);
    let verdict = verify(&case.response, &case.expectation);
    let below = verdict
        .findings
        .iter()
        .find(|f| f.code == FindingCode::ApprovalBelowNeed)
        .expect("approval_below_need");
    assert!(below.transaction.is_some(), "{verdict}");
    assert!(
        below.message().contains("resets the allowance"),
        "{verdict}"
    );
    assert!(
        !verdict
            .to_string()
            .contains("relies on an allowance given earlier")
    );
    // Even with an earlier allowance, the payment fails: the reset removed it.
    let exec = execute(&case, &verdict, Behaviour::Standard);
    assert!(exec.seeded.is_empty());
    assert!(!exec.outcomes[1].1.succeeded());
    assert_eq!(violations(&case, &verdict, &exec), Vec::<String>::new());
}

/// Counterexample 3 (mutation: the amount word of the wallet's approval set to an address's
/// value). The smart-account flow of a single USDC payment on BSC whose wallet approval of the
/// account is 3.8e47 units instead of unlimited: no finding (only an unlimited approval was
/// said), and that allowance is left to the account after the funding step. What the wallet
/// leaves approved to the account beyond what its funding step pulls is now an
/// `approval_remainder` caution at that approval.
#[test]
fn regression_the_wallet_s_approval_of_its_account_beyond_the_funding_is_said() {
    let mut spec = Spec::new(Kind::Plan, "USDC-bsc");
    spec.smart_account = true;
    let mut case = build(&spec).unwrap();
    let huge = U256::from_be_slice(&[0x42; 20]);
    set_first_approval(&mut case, true, huge);
    let verdict = verify(&case.response, &case.expectation);
    let above = verdict
        .findings
        .iter()
        .find(|f| f.code == FindingCode::ApprovalRemainder)
        .unwrap_or_else(|| panic!("approval_remainder: {verdict}"));
    assert_eq!(above.severity, Severity::Caution);
    assert_eq!(
        above.transaction.map(|t| t.list.key()),
        Some("eoaApprovalTransactions")
    );
    assert_eq!(above.details.actual.as_ref().unwrap().units, huge);
    let exec = execute(&case, &verdict, Behaviour::Standard);
    assert!(binds(&verdict, &exec));
    assert_eq!(violations(&case, &verdict, &exec), Vec::<String>::new());
}

/// Counterexample 4 (mutation: two transactions of a smart account's batch swapped). A
/// multicall of three USDC payments on Base in the smart-account flow, the funding step swapped
/// with the second payment: the account pays two payments before it holds anything, so its batch fails as a
/// whole, and the verdict had nothing to say (the funding step only had to be at most what the
/// account spends). The account's balance is now followed in order: what it pays beyond what the
/// funding step has moved to it by then relies on the account holding it already, a
/// `smart_account_own_balance` caution with the amount (a balance the verifier cannot see).
#[test]
fn regression_a_smart_account_paying_before_its_funding_step_is_said() {
    let mut spec = Spec::new(Kind::Plan, "USDC-base");
    spec.amounts = vec![100_000, 2_500, 77_777];
    spec.smart_account = true;
    let mut case = build(&spec).unwrap();
    let PayResponse::Multicall(m) = &mut case.response else {
        unreachable!()
    };
    let funding = m
        .transactions
        .iter()
        .position(|tx| IERC20::transferFromCall::abi_decode(&tx.data).is_ok())
        .unwrap();
    m.transactions.swap(funding, funding + 2);
    let verdict = verify(&case.response, &case.expectation);
    assert!(verdict.is_safe(), "{verdict}");
    let relied = verdict
        .findings
        .iter()
        .find(|f| f.code == FindingCode::SmartAccountOwnBalance)
        .unwrap_or_else(|| panic!("smart_account_own_balance: {verdict}"));
    assert_eq!(relied.severity, Severity::Caution);
    assert_eq!(
        relied.details.expected.as_ref().unwrap().units,
        U256::from(10_250_000u64), // the first two payments, 10 and 0.25 USDC
    );
    // The harness gives the account what the verdict says it relies on: then it keeps the
    // agreement. Without it, the whole batch fails.
    let exec = execute(&case, &verdict, Behaviour::Standard);
    assert!(exec.outcomes.iter().all(|(_, o)| o.succeeded()));
    assert_eq!(violations(&case, &verdict, &exec), Vec::<String>::new());
}

/// Counterexample 5 (mutation: the approval duplicated). A legacy batch of USDC on Ethereum
/// whose approval of BatchPayments is sent twice: with a token that refuses an approval over a
/// non-zero allowance (USDT on Ethereum, KNC), the second reverts, where the verdict promised
/// every transaction would run. A non-zero approval over an unspent one this response gave is
/// now a `token_behaviour` caution (`approval_race_protection`) for a token not proven without
/// it; for USDT on Ethereum, whose protection is a fact, a `call_reverts` danger (issue 33: a
/// call every token of its kind refuses cannot be safe).
#[test]
fn regression_a_second_approval_over_an_unspent_one_is_said() {
    for currency in ["USDC-mainnet", "USDT-mainnet"] {
        let mut spec = Spec::new(Kind::LegacyErc20, currency);
        spec.amounts = vec![100_000, 2_500];
        spec.rate = 10;
        let mut case = build(&spec).unwrap();
        let PayResponse::LegacyBatch(b) = &mut case.response else {
            unreachable!()
        };
        let approval = b.erc20_approval_transactions[0].clone();
        b.erc20_approval_transactions.push(approval);
        let verdict = verify(&case.response, &case.expectation);
        let race = verdict
            .findings
            .iter()
            .find(|f| f.details.behaviour == Some(TokenBehaviour::ApprovalRaceProtection))
            .unwrap_or_else(|| panic!("{currency}: {verdict}"));
        let known = currency == "USDT-mainnet";
        let want = if known {
            (FindingCode::CallReverts, Severity::Danger)
        } else {
            (FindingCode::TokenBehaviour, Severity::Caution)
        };
        assert_eq!((race.code, race.severity), want, "{currency}");
        assert_eq!(race.transaction.and_then(|t| t.index), Some(1));
        let exec = execute(&case, &verdict, Behaviour::ApprovalRace);
        assert!(!exec.outcomes[1].1.succeeded());
        assert!(!binds(&verdict, &exec));
        if known {
            continue;
        }
        // A standard token takes both: bound, kept.
        let exec = execute(&case, &verdict, Behaviour::Standard);
        assert!(binds(&verdict, &exec));
        assert_eq!(violations(&case, &verdict, &exec), Vec::<String>::new());
    }
    // A reset between the two: nothing to say.
    let mut spec = Spec::new(Kind::Plan, "USDT-mainnet");
    spec.reset = true;
    let case = build(&spec).unwrap();
    let verdict = verify(&case.response, &case.expectation);
    assert!(
        !codes(&verdict)
            .iter()
            .any(|(c, _)| *c == FindingCode::TokenBehaviour)
            || !verdict
                .findings
                .iter()
                .any(|f| f.details.behaviour == Some(TokenBehaviour::ApprovalRaceProtection)),
        "{verdict}"
    );
}

/// Counterexample 6 (mutation: the amount word of the wallet's approval zeroed). The
/// smart-account flow of three USDC payments on BSC whose wallet approval of the account is 0:
/// the verdict said "unless an earlier allowance covers it, it would fail", and the harness gave
/// the wallet that earlier allowance; but the wallet's own approval of 0 runs first and removes
/// it, so the funding step fails, and the account's batch with it. The wallet's approvals of its
/// account are now read in order too: the last one is what the funding step spends, a shortfall
/// is said at it ("it would fail"), and only without any approval does the verdict rely on an
/// earlier allowance.
#[test]
fn regression_the_wallet_s_zero_approval_of_its_account_removes_the_earlier_allowance() {
    let mut spec = Spec::new(Kind::Plan, "USDC-bsc");
    spec.amounts = vec![100_000, 2_500, 77_777];
    spec.fees = vec![FeeSpec {
        payee_borne: false,
        amount: 30,
        request: 0,
        second: false,
    }];
    spec.smart_account = true;
    let mut case = build(&spec).unwrap();
    set_first_approval(&mut case, true, U256::ZERO);
    let verdict = verify(&case.response, &case.expectation);
    let below = verdict
        .findings
        .iter()
        .find(|f| f.code == FindingCode::ApprovalBelowNeed)
        .unwrap_or_else(|| panic!("approval_below_need: {verdict}"));
    assert_eq!(
        below.transaction.map(|t| t.list.key()),
        Some("eoaApprovalTransactions"),
        "{verdict}"
    );
    assert!(
        !below.message().contains("earlier allowance covers"),
        "{verdict}"
    );
    let exec = execute(&case, &verdict, Behaviour::Standard);
    assert!(exec.seeded.is_empty());
    assert!(!exec.outcomes.last().unwrap().1.succeeded());
    assert_eq!(violations(&case, &verdict, &exec), Vec::<String>::new());
}

/// Counterexample 7 (mutation: the spender word of a USDT-style reset set to the zero
/// address). A single USDT payment on Ethereum whose reset is `approve(address(0), 0)`: nothing
/// was said (a zero approval grants nothing), and OpenZeppelin's token (USDC's FiatToken too)
/// refuses an approval of the zero address, so the transaction fails where the verdict promised
/// it would run. A zero approval of the zero address is now an `approval_zero_address` caution that
/// says so.
#[test]
fn regression_a_reset_of_the_zero_address_is_said() {
    let mut spec = Spec::new(Kind::Plan, "USDT-mainnet");
    spec.reset = true;
    let mut case = build(&spec).unwrap();
    let PayResponse::Single(single) = &mut case.response else {
        unreachable!()
    };
    single.transactions[0].data = IERC20::approveCall {
        spender: alloy_primitives::Address::ZERO,
        amount: U256::ZERO,
    }
    .abi_encode()
    .into();
    let verdict = verify(&case.response, &case.expectation);
    assert!(verdict.is_safe(), "{verdict}");
    let said = verdict
        .findings
        .iter()
        .find(|f| f.code == FindingCode::ApprovalZeroAddress)
        .unwrap_or_else(|| panic!("approval_zero_address: {verdict}"));
    assert_eq!(said.severity, Severity::Caution);
    assert_eq!(said.transaction.and_then(|t| t.index), Some(0));
    let exec = execute(&case, &verdict, Behaviour::Standard);
    assert!(!exec.outcomes[0].1.succeeded());
    assert_eq!(violations(&case, &verdict, &exec), Vec::<String>::new());
}

/// Counterexample 8 (mutation: the `_feeAddress` word of a legacy batch set to a contract of the
/// table). A legacy `BatchPayments` batch of USDC on Ethereum with row fees and a 1 % batch fee,
/// its fee address the EthereumFeeProxy (or the batch contract itself, or the token): the row
/// fees and the batch fee, within `maxPayerFees`, were accepted as fees paid; executed, they stay
/// in that contract, which cannot send them on. A fee, batch fee or transfer to a contract of
/// the table or a token of the catalog is now an `undeclared_outflow` danger.
#[test]
fn regression_a_fee_to_a_known_contract_is_value_lost() {
    let mut spec = Spec::new(Kind::LegacyErc20, "USDC-mainnet");
    spec.amounts = vec![100_000, 2_500, 77_777];
    spec.fees = [30, 0, 5]
        .into_iter()
        .map(|amount| FeeSpec {
            payee_borne: false,
            amount,
            request: 0,
            second: false,
        })
        .collect();
    spec.rate = 10;
    spec.approval = 2;
    let case = build(&spec).unwrap();
    let network = case.network();
    let fee_word = alloy_primitives::B256::left_padding_from(super::case::FEE_A.as_slice());
    let deployments = securepay::contracts::Deployments::builtin();
    let usdc = case.expectation.token().unwrap().abi();
    for keeper in [
        deployments
            .address(network, securepay::contracts::Contract::EthereumFeeProxy)
            .unwrap()
            .abi(),
        deployments
            .address(network, securepay::contracts::Contract::BatchPayments)
            .unwrap()
            .abi(),
        usdc,
    ] {
        let mut case = case.clone();
        let PayResponse::LegacyBatch(b) = &mut case.response else {
            unreachable!()
        };
        let batch = b.batch_payment_transaction.as_mut().unwrap();
        let mut data = batch.data.to_vec();
        for word in data[4..].chunks_exact_mut(32) {
            if word == fee_word.as_slice() {
                word.copy_from_slice(
                    alloy_primitives::B256::left_padding_from(keeper.as_slice()).as_slice(),
                );
            }
        }
        batch.data = data.into();
        let verdict = verify(&case.response, &case.expectation);
        assert!(
            verdict
                .findings
                .iter()
                .any(|f| f.code == FindingCode::UndeclaredOutflow && f.severity == Severity::Danger),
            "{keeper}: {verdict}"
        );
        // What the verdict now refuses: executed, the fees stay in the contract.
        let exec = execute(&case, &verdict, Behaviour::Standard);
        let kept = exec
            .outcomes
            .iter()
            .map(|(_, o)| {
                o.changes
                    .of(crate::evm::observe::Asset::Token(usdc), keeper)
            })
            .fold(alloy_primitives::I256::ZERO, |t, d| t + d);
        assert!(kept > alloy_primitives::I256::ZERO, "{keeper}");
    }
}

/// Counterexample 9 (fuzz target `verify_against_evm`: the amount word of the smart account's
/// funding step zeroed). The smart-account flow of a single USDC payment on Base whose funding
/// step is `transferFrom(payer, account, 0)`: the verdict said the account relies on its own
/// balance, and with that balance the batch still failed, because a token that refuses
/// zero-value transfers refuses the funding step itself. Any transfer of 0 a call makes (a
/// funding step, a payment, a transfer), not only a batch fee of 0, is now a `token_behaviour`
/// caution (`revert_on_zero_value_transfer`) for a token not proven to accept it.
#[test]
fn regression_a_funding_step_of_zero_is_said_for_tokens_that_may_refuse_it() {
    // A token no fact proves to accept a transfer of 0 (FiatToken does).
    let mut spec = Spec::new(Kind::Plan, "USDC-bsc");
    spec.smart_account = true;
    let mut case = build(&spec).unwrap();
    let PayResponse::Single(single) = &mut case.response else {
        unreachable!()
    };
    let funding = single
        .transactions
        .iter_mut()
        .find(|tx| IERC20::transferFromCall::abi_decode(&tx.data).is_ok())
        .unwrap();
    let call = IERC20::transferFromCall::abi_decode(&funding.data).unwrap();
    funding.data = IERC20::transferFromCall {
        amount: U256::ZERO,
        ..call
    }
    .abi_encode()
    .into();
    let verdict = verify(&case.response, &case.expectation);
    assert!(verdict.is_safe(), "{verdict}");
    let zero = verdict
        .findings
        .iter()
        .find(|f| f.details.behaviour == Some(TokenBehaviour::RevertOnZeroValueTransfer))
        .unwrap_or_else(|| panic!("{verdict}"));
    assert!(zero.message().contains("moves 0"), "{verdict}");
    let exec = execute(&case, &verdict, Behaviour::ZeroValueRevert);
    assert!(!exec.outcomes.last().unwrap().1.succeeded());
    assert!(!binds(&verdict, &exec));
    // A standard token: the account pays from what the verdict says it holds; kept.
    let exec = execute(&case, &verdict, Behaviour::Standard);
    assert!(binds(&verdict, &exec));
    assert_eq!(violations(&case, &verdict, &exec), Vec::<String>::new());
}

/// Counterexample 10 (fuzz target: a crafted `transfer` inserted, its recipient word set to the
/// zero address). A single USDC payment on BSC with a `transfer(address(0), 0)` of USDC among its
/// transactions: nothing was said of it (it moves nothing), and a token that refuses transfers
/// to the zero address (OpenZeppelin's, USDC on Ethereum) reverts it. Value sent to the zero
/// address (a transfer, a fee, a batch fee), whatever the amount, is now an `undeclared_outflow`
/// danger: burned, or the call fails.
#[test]
fn regression_a_transfer_to_the_zero_address_is_refused() {
    let mut spec = Spec::new(Kind::Plan, "USDC-bsc");
    spec.approval = 1;
    let case = build(&spec).unwrap();
    let token = case.expectation.token().unwrap();
    for amount in [U256::ZERO, U256::from(7u8)] {
        let mut case = case.clone();
        let PayResponse::Single(single) = &mut case.response else {
            unreachable!()
        };
        single
            .transactions
            .push(securepay::transaction::Transaction {
                to: token,
                data: IERC20::transferCall {
                    to: alloy_primitives::Address::ZERO,
                    amount,
                }
                .abi_encode()
                .into(),
                value: U256::ZERO,
            });
        let verdict = verify(&case.response, &case.expectation);
        assert!(
            verdict
                .findings
                .iter()
                .any(|f| f.code == FindingCode::UndeclaredOutflow
                    && f.severity == Severity::Danger
                    && f.message().contains("zero address")),
            "{amount}: {verdict}"
        );
    }
}

/// Counterexamples 11 (fuzz target: a crafted approval inserted in the wallet's list). The
/// smart-account flow of a single USDC payment on Base whose wallet approves its account twice
/// (a first approval of the need, then the unlimited one): a token with approval-race
/// protection refuses the second, where the verdict promised every transaction would run. The
/// wallet's approvals of its account are now read in order too: a second non-zero one over a
/// non-zero one is a `token_behaviour` caution (`approval_race_protection`).
#[test]
fn regression_the_wallet_approving_its_account_twice_is_said() {
    let mut spec = Spec::new(Kind::Plan, "USDC-base");
    spec.smart_account = true;
    let mut case = build(&spec).unwrap();
    let PayResponse::Single(single) = &mut case.response else {
        unreachable!()
    };
    let eoa = single.eoa_approval_transactions.as_mut().unwrap();
    let mut first = eoa[0].clone();
    let call = IERC20::approveCall::abi_decode(&first.data).unwrap();
    first.data = IERC20::approveCall {
        spender: call.spender,
        amount: U256::from(827_503_000u64),
    }
    .abi_encode()
    .into();
    eoa.insert(0, first);
    let verdict = verify(&case.response, &case.expectation);
    assert!(verdict.is_safe(), "{verdict}");
    let race = verdict
        .findings
        .iter()
        .find(|f| f.details.behaviour == Some(TokenBehaviour::ApprovalRaceProtection))
        .unwrap_or_else(|| panic!("{verdict}"));
    assert_eq!(
        race.transaction.map(|t| (t.list.key(), t.index)),
        Some(("eoaApprovalTransactions", Some(1)))
    );
    let exec = execute(&case, &verdict, Behaviour::ApprovalRace);
    assert!(!exec.outcomes[1].1.succeeded());
    assert!(!binds(&verdict, &exec));
}

/// Counterexample 12 (fuzz target: a row fee set to 2^256 − 1 and `maxPayerFees` to the same).
/// A legacy `BatchPayments` batch of USDT on Polygon whose rows' amounts and fees add up beyond
/// uint256: the agreement allowed it, the verdict said safe, and the batch contract's sum
/// overflows and reverts. What a batch pulls per token beyond uint256 (legacy and
/// `BatchConversionPayments` alike) is now the effects table's overflow hazard (a danger), like
/// a native batch's value.
#[test]
fn regression_a_batch_whose_sums_overflow_is_refused() {
    let mut spec = Spec::new(Kind::LegacyMultiToken, "USDT-matic");
    spec.amounts = vec![100_000, 2_500];
    spec.fees = vec![
        FeeSpec {
            payee_borne: false,
            amount: 30,
            request: 0,
            second: false,
        };
        2
    ];
    spec.rate = 10;
    let mut case = build(&spec).unwrap();
    let PayResponse::LegacyBatch(b) = &mut case.response else {
        unreachable!()
    };
    let batch = b.batch_payment_transaction.as_mut().unwrap();
    // The last word of the calldata is the last row's fee.
    let mut data = batch.data.to_vec();
    let len = data.len();
    data[len - 32..].fill(0xff);
    batch.data = data.into();
    case.expectation = securepay::verify::Expectation::builder(
        case.network(),
        case.expectation.currency().clone(),
    )
    .payer(case.expectation.payer().unwrap())
    .batch_fee_rate(10)
    .max_payer_fees(U256::MAX)
    .payment(
        *case.expectation.payments()[0]
            .payee()
            .address_for_transaction(),
        case.expectation.payments()[0].units(),
        case.expectation.payments()[0].reference(),
    )
    .payment(
        *case.expectation.payments()[1]
            .payee()
            .address_for_transaction(),
        case.expectation.payments()[1].units(),
        case.expectation.payments()[1].reference(),
    )
    .build()
    .unwrap();
    let verdict = verify(&case.response, &case.expectation);
    assert!(
        verdict
            .findings
            .iter()
            .any(|f| f.code == FindingCode::UnverifiableCall && f.severity == Severity::Danger),
        "{verdict}"
    );
    let exec = execute(&case, &verdict, Behaviour::Standard);
    assert!(!exec.outcomes.last().unwrap().1.succeeded());
}

/// Counterexample 13 (fuzz target: a crafted ERC20FeeProxy payment inserted, its payee word set
/// to the zero address). The smart-account flow of three USDT payments on Ethereum with a
/// payment of 0 to the zero address among the account's calls: counted as a fee of 0 within the
/// caps, and reverted by a token that refuses the zero address, taking the whole batch with it.
/// A payment to anyone not agreed is now checked as fees are: to the zero address or a known
/// contract, an `undeclared_outflow` danger.
#[test]
fn regression_a_payment_to_the_zero_address_is_refused() {
    let mut spec = Spec::new(Kind::Plan, "USDT-mainnet");
    spec.amounts = vec![100_000, 2_500, 77_777];
    spec.smart_account = true;
    let mut case = build(&spec).unwrap();
    let network = case.network();
    let token = case.expectation.token().unwrap();
    // No builder makes it (a zero amount, a zero payee): encoded by hand.
    let proxy = securepay::contracts::Deployments::builtin()
        .address(network, securepay::contracts::Contract::Erc20FeeProxy)
        .unwrap();
    let call = securepay::contracts::abi::IERC20FeeProxy::transferFromWithReferenceAndFeeCall {
        _tokenAddress: token.abi(),
        _to: alloy_primitives::Address::ZERO,
        _amount: U256::ZERO,
        _paymentReference: vec![1u8; 8].into(),
        _feeAmount: U256::ZERO,
        _feeAddress: alloy_primitives::Address::ZERO,
    };
    let tx = securepay::transaction::Transaction {
        to: proxy,
        data: call.abi_encode().into(),
        value: U256::ZERO,
    };
    let PayResponse::Multicall(m) = &mut case.response else {
        unreachable!()
    };
    m.transactions.insert(2, tx);
    let verdict = verify(&case.response, &case.expectation);
    assert!(
        verdict
            .findings
            .iter()
            .any(|f| f.code == FindingCode::UndeclaredOutflow
                && f.message().contains("zero address")),
        "{verdict}"
    );
}

/// Counterexample 14 (fuzz target: the funding step and the wallet's approval deleted). The
/// smart-account flow of a single USDC payment on Base with neither the wallet's approval nor the
/// funding step: the account pays from its own balance, and the verdict, which only looked at
/// the account's balance when one of the two was there, said nothing of it. With a smart
/// account agreed, what the account pays beyond what a funding step moved to it is always said
/// (`smart_account_funding`, the amount relied on).
#[test]
fn regression_a_smart_account_without_its_funding_step_relies_on_its_balance() {
    let mut spec = Spec::new(Kind::Plan, "USDC-base");
    spec.smart_account = true;
    let mut case = build(&spec).unwrap();
    let PayResponse::Single(single) = &mut case.response else {
        unreachable!()
    };
    single.eoa_approval_transactions = None;
    single
        .transactions
        .retain(|tx| IERC20::transferFromCall::abi_decode(&tx.data).is_err());
    single.metadata.payment_transaction_index -= 1;
    let verdict = verify(&case.response, &case.expectation);
    let relied = verdict
        .findings
        .iter()
        .find(|f| f.code == FindingCode::SmartAccountOwnBalance)
        .unwrap_or_else(|| panic!("{verdict}"));
    assert_eq!(relied.severity, Severity::Caution);
    let exec = execute(&case, &verdict, Behaviour::Standard);
    assert!(exec.outcomes.iter().all(|(_, o)| o.succeeded()));
    assert_eq!(violations(&case, &verdict, &exec), Vec::<String>::new());
}
