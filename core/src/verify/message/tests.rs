//! The English texts, pinned: one row per code and per situation of a code.

use crate::prelude::*;

use alloc::collections::BTreeSet;

use alloy_primitives::U256;

use crate::address::ChainAddress;
use crate::contracts::Contract;
use crate::currency::TokenBehaviour;
use crate::network::Network;
use crate::pay::Problem;
use crate::verify::{
    AssetRef, AssetToken, Case, Details, Finding, FindingCode as C, MAX_FINDINGS_PER_CODE, Party,
};

/// The English message of a finding of `code` with `details`, as the finding renders it.
fn english(code: C, details: &Details) -> String {
    Finding::new(code, None, details.clone()).message()
}

const PAYEE: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const OTHER: &str = "0x000000000000000000000000000000000000dEaD";
const USDC: &str = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

fn address(text: &str) -> ChainAddress {
    ChainAddress::parse(Network::Base, text).unwrap()
}

fn usdc() -> AssetRef {
    AssetRef {
        network: Network::Base,
        token: Some(AssetToken::Address(address(USDC))),
        currency: None,
        symbol: Some("USDC".into()),
        decimals: Some(6),
    }
}

fn eth() -> AssetRef {
    AssetRef {
        network: Network::Base,
        token: None,
        currency: None,
        symbol: Some("ETH".into()),
        decimals: Some(18),
    }
}

/// `details` on Base.
fn d(details: Details) -> Details {
    Details {
        network: Some(Network::Base),
        ..details
    }
}

/// One row per line: `Code, details => "text";`.
macro_rules! rows {
    ($($code:ident, $details:expr => $text:literal;)*) => {
        vec![$((C::$code, $details, $text)),*]
    };
}

/// One row per code (and per case of a code): the details and the exact English text.
#[allow(clippy::too_many_lines)]
fn table() -> Vec<(C, Details, &'static str)> {
    let q = |units: u64| Some(usdc().quantity(U256::from(units)));
    let wei = |units: u64| Some(eth().quantity(U256::from(units)));
    let payee = Some(Party::Payee {
        address: address(PAYEE),
    });
    let other = Some(Party::Other {
        address: address(OTHER),
    });
    let account = Some(Party::SmartAccount {
        address: address(OTHER),
    });
    let contract = |contract| {
        Some(Party::Contract {
            address: address(OTHER),
            contract,
        })
    };
    let (proxy, diamond) = (
        contract(Contract::Erc20FeeProxy),
        contract(Contract::LiFiDiamond),
    );
    let text = |t: &str| Some(t.to_owned());
    let case = Some;
    let reason = || text("the reason");
    let dd = Details::default;
    rows! {
        ResponseUnreadable, Details { reason: reason(), ..dd() } => "the response is not a pay response of any shape: the reason";
        AddressFamily, d(Details { party: other.clone(), ..dd() }) => "the transaction goes to 0x000000000000000000000000000000000000dEaD, which is not an address of base";
        UnknownTarget, d(Details { party: other.clone(), reason: reason(), ..dd() }) => "0x000000000000000000000000000000000000dEaD is neither a known contract nor a payment token on base";
        UnknownTarget, d(Details { reason: reason(), ..dd() }) => "the reason";
        UnknownSelector, d(Details { reason: reason(), ..dd() }) => "the reason";
        SelectorNotOnTarget, d(Details { reason: reason(), ..dd() }) => "the reason";
        NonCanonicalCalldata, d(Details { reason: reason(), ..dd() }) => "the reason";
        ValueOnNonPayable, d(Details { reason: reason(), ..dd() }) => "the reason";
        PlainTransfer, d(Details { party: other.clone(), actual: wei(7), ..dd() }) => "a plain transfer of 7 native units to 0x000000000000000000000000000000000000dEaD, not a payment call";
        ValueMismatch, d(Details { actual: wei(7), expected: wei(9), reason: reason(), ..dd() }) => "the reason";
        ValueMismatch, d(Details { actual: wei(7), expected: wei(9), ..dd() }) => "sends 7 native units but the call needs at least 9: it would fail";
        ValueMismatch, d(Details { actual: wei(7), ..dd() }) => "sends 7 native units but the call needs at least more than 2^256: it would fail";
        ValueStranded, d(Details { actual: wei(7), reason: reason(), ..dd() }) => "the reason";
        ValueStranded, d(Details { actual: wei(7), party: proxy.clone(), ..dd() }) => "sends 0.000000000000000007 ETH that the call does not need and the payment contract (ERC20FeeProxy) keeps";
        ValueRefunded, d(Details { actual: wei(7), party: diamond.clone(), ..dd() }) => "sends 0.000000000000000007 ETH to the LI.FI bridge, which bridges a token and refunds the value to you";
        ValueRefunded, d(Details { actual: wei(7), party: proxy.clone(), ..dd() }) => "sends 0.000000000000000007 ETH more than the call needs; the payment contract (ERC20FeeProxy) refunds it to you";
        UnverifiableCall, d(Details { party: proxy.clone(), reason: reason(), ..dd() }) => "the batch fee at the agreed rate overflows uint256: the call reverts";
        UnverifiableCall, d(Details { reason: reason(), ..dd() }) => "the reason";
        ValueAtRisk, d(Details { actual: wei(7), party: other.clone(), field: text("batchNativePayments"), ..dd() }) => "sends 0.000000000000000007 ETH more than the call needs; batchNativePayments refunds it only after it calls 0x000000000000000000000000000000000000dEaD, an address the response chooses, which can re-enter it and take it first: it counts as leaving your wallet";
        TokenBehaviour, d(Details { party: proxy.clone(), asset: Some(usdc()), behaviour: Some(TokenBehaviour::MissingReturnValues), ..dd() }) => "the payment contract (ERC20FeeProxy) requires transferFrom to return true: if USDC returns nothing (no fact proves it returns a value), the call fails";
        CallReverts, d(Details { reason: reason(), ..dd() }) => "this call cannot succeed: the reason; you would pay gas, the payee would not be paid and approvals would stay";
        CallReverts, d(Details { party: proxy.clone(), asset: Some(usdc()), behaviour: Some(TokenBehaviour::MissingReturnValues), reason: reason(), ..dd() }) => "this call cannot succeed: the reason; you would pay gas, the payee would not be paid and approvals would stay";
        MirrorMismatch, Details { field: text("approvalTransactionIndices"), stated: text("2"), ..dd() } => "this transaction is not the same transaction as transactions[2], which approvalTransactionIndices points to: a wallet signing this list would sign something unverified";
        MirrorMismatch, Details { field: text("batchPaymentTransactionIndex"), ..dd() } => "this transaction is not the same transaction as any transaction: batchPaymentTransactionIndex does not point to one: a wallet signing this list would sign something unverified";
        NotAnApproval, d(Details { case: case(Case::BridgeAmongApprovals), ..dd() }) => "a bridge call among the approvals";
        NotAnApproval, d(Details { field: text("transfer"), case: case(Case::TransferAmongApprovals), ..dd() }) => "a transfer of value among the approvals";
        NotAnApproval, d(Details { field: text("approve"), case: case(Case::ApprovalAmongPayments), ..dd() }) => "an approval where the metadata declares a payment or a fee leg";
        PaymentMissing, d(Details { expected: q(1_500_000), expected_party: payee.clone(), ..dd() }) => "no transaction pays 1.5 USDC to 0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
        PaymentDuplicated, d(Details { actual: q(1_500_000), party: payee.clone(), ..dd() }) => "pays 1.5 USDC to 0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7 a second time";
        PaymentAmount, d(Details { expected: q(1_500_000), actual: q(1_250_000), party: Some(Party::Hidden), ..dd() }) => "pays 1.25 USDC to hidden instead of the agreed 1.5";
        PaymentPayee, d(Details { expected: q(1_500_000), actual: q(1_500_000), party: other.clone(), expected_party: payee.clone(), ..dd() }) => "pays 1.5 USDC to 0x000000000000000000000000000000000000dEaD, not to the agreed payee 0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
        PaymentReference, d(Details { party: payee.clone(), reference: text("0x01"), expected_reference: text("0x02"), ..dd() }) => "pays 0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7 with reference 0x01 instead of 0x02";
        PaymentReference, d(Details { party: payee.clone(), expected_reference: text("0x02"), ..dd() }) => "pays 0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7 with reference (none) instead of 0x02";
        PaymentToken, d(Details { expected: q(1_500_000), actual: wei(1_500_000), party: payee.clone(), ..dd() }) => "pays 0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7 in ETH on base, not in the agreed USDC on base";
        UndeclaredOutflow, d(Details { actual: wei(7), party: other.clone(), asset: Some(eth()), ..dd() }) => "sends 0.000000000000000007 ETH on base to 0x000000000000000000000000000000000000dEaD: no agreement covers the native currency there";
        UndeclaredOutflow, d(Details { actual: q(7), party: other.clone(), asset: Some(usdc()), ..dd() }) => "sends 0.000007 USDC on base to 0x000000000000000000000000000000000000dEaD: no agreement covers this token there";
        UndeclaredOutflow, d(Details { actual: q(7), party: other.clone(), case: case(Case::Burned), ..dd() }) => "sends 0.000007 USDC to the zero address: it is burned, or the call fails on a token that refuses it";
        UndeclaredOutflow, d(Details { actual: q(7), party: proxy.clone(), case: case(Case::KeptByContract), ..dd() }) => "sends 0.000007 USDC to the payment contract (ERC20FeeProxy), a contract that keeps it: no one can take it out";
        UndeclaredOutflow, d(Details { actual: q(7), party: other.clone(), case: case(Case::LifiContract), ..dd() }) => "sends 0.000007 USDC to 0x000000000000000000000000000000000000dEaD, LI.FI's receiver, Executor or ERC20Proxy on base: it is not paid to anyone it is declared for (the receiver and the proxy keep it, the Executor passes it on to the message's receiver)";
        PayerFeesAboveMax, d(Details { expected: q(300_000), actual: q(400_000), ..dd() }) => "0.4 USDC leaves beyond the agreed payments, above the agreed maximum of 0.3 USDC";
        PayeeFeesAboveMax, d(Details { expected: q(300_000), actual: q(400_000), ..dd() }) => "0.4 USDC is what the payees receive less than agreed, above the agreed maximum of 0.3 USDC";
        SourceAmountAboveMax, d(Details { expected: q(300_000), actual: q(400_000), ..dd() }) => "0.4 USDC leaves your wallet on base, above the agreed maximum of 0.3 USDC";
        SourceAmountAboveMax, d(Details { expected: q(300_000), actual: q(400_000), field: text("minAmount"), ..dd() }) => "the deposit pays its relayer 0.4 USDC, more than the 0.3 USDC the agreed maxSourceAmount leaves beyond what all the deposits deliver";
        FeeNotPaid, d(Details { expected: q(300_000), party: other.clone(), ..dd() }) => "the fee (0.3 USDC to 0x000000000000000000000000000000000000dEaD) is declared but no transaction pays it";
        FeeUndeclared, d(Details { actual: q(300_000), party: other.clone(), ..dd() }) => "pays 0.3 USDC to 0x000000000000000000000000000000000000dEaD, which no entry of the fee bundle declares (a fee the response does not declare, even within the caps)";
        FeeBearerMismatch, Details { field: text("requestId ghost"), stated: text("ghost"), ..dd() } => "the fee is deducted from request ghost, which is not a payment of this response";
        FeeBearerMismatch, d(Details { expected: q(500_000), actual: q(0), expected_party: payee.clone(), ..dd() }) => "the fee bundle deducts 500000 units from the payment to 0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7, but its payee receives 0 units less than agreed";
        FeeCurrency, Details { field: text("USDT-base"), ..dd() } => "the fee is in USDT-base, not in the payment's currency (or the route's source currency)";
        FeeNetwork, Details { field: text("USDC-base"), network: Some(Network::Optimism), ..dd() } => "the fee entry is on optimism but USDC-base is not a currency of optimism";
        FeeAmountUnreadable, Details { field: text("0.0000001"), asset: Some(usdc()), ..dd() } => "fee amount 0.0000001 is not an exact amount of USDC";
        AmountSummaryMismatch, d(Details { field: text("amountSummary.totalFees 0.5"), expected: q(500_000), actual: q(300_000), ..dd() }) => "amountSummary.totalFees is 0.5 but the transactions make it 0.3 USDC";
        LabelMismatch, d(Details { field: text("metadata.network"), stated: text("optimism"), ..dd() }) => "metadata.network says optimism, not the agreed base";
        LabelMismatch, d(Details { field: text("metadata.paymentCurrencyId"), stated: text("USDT-base"), ..dd() }) => "metadata.paymentCurrencyId says USDT-base, not the agreed currency";
        LabelMismatch, d(Details { field: text("metadata.sourceAmount"), stated: text("2"), actual: q(1_500_000), ..dd() }) => "metadata.sourceAmount says 2 but the bridge calls take 1.5 USDC";
        LabelMismatch, d(Details { field: text("metadata.eoaApproval.tokenAddress"), asset: Some(usdc()), ..dd() }) => "metadata.eoaApproval names USDC, which is not the token this payment spends";
        BatchFee, d(Details { actual: wei(7), party: other.clone(), ..dd() }) => "the batch contract charges an on-chain fee of at most 0.000000000000000007 ETH (its rate was not stated: what the payments do not use may go to the fee and the rest is refunded)";
        BatchFeeRateUnknown, d(Details { party: other.clone(), ..dd() }) => "the batch contract pulls an on-chain fee from your wallet for 0x000000000000000000000000000000000000dEaD, at a rate the calldata does not state and the expectation does not give (batchFeeRate)";
        BatchFeeAddressZero, d(Details { party: other.clone(), ..dd() }) => "the batch fee goes to the zero address: the batch contract sends it there unconditionally, so it is burned or the whole call fails, depending on the token";
        TokenBehaviour, d(Details { asset: Some(usdc()), behaviour: Some(TokenBehaviour::FeeOnTransfer), reason: text("a source"), ..dd() }) => "USDC can take a fee on each transfer (a source): every recipient would then receive less than the amounts shown";
        TokenBehaviour, d(Details { asset: Some(usdc()), behaviour: Some(TokenBehaviour::FeeOnTransfer), ..dd() }) => "no fact proves that USDC takes no fee on transfer: if it took one, every recipient would receive less than the amounts shown";
        TokenBehaviour, d(Details { asset: Some(usdc()), behaviour: Some(TokenBehaviour::RevertOnZeroValueTransfer), ..dd() }) => "moves 0 USDC: if USDC refuses zero-value transfers (no fact proves it does not), the call fails";
        TokenBehaviour, d(Details { asset: Some(usdc()), behaviour: Some(TokenBehaviour::RevertOnZeroValueTransfer), case: case(Case::ZeroBatchFee), ..dd() }) => "the batch contract pulls a batch fee of 0 USDC: if USDC refuses zero-value transfers (no fact proves it does not), the call fails";
        TokenBehaviour, d(Details { asset: Some(usdc()), party: proxy.clone(), behaviour: Some(TokenBehaviour::ApprovalRaceProtection), ..dd() }) => "approves USDC for the payment contract (ERC20FeeProxy) again while the allowance this payment gave it is not spent: a token with approval-race protection (USDT) refuses it, and the transaction fails";
        TokenBehaviour, d(Details { asset: Some(usdc()), party: account.clone(), behaviour: Some(TokenBehaviour::ApprovalRaceProtection), case: case(Case::WalletApproval), ..dd() }) => "your wallet approves USDC for your smart account 0x000000000000000000000000000000000000dEaD again while its allowance is not spent: a token with approval-race protection (USDT) refuses it, and the transaction fails";
        ApprovalToken, d(Details { asset: Some(usdc()), party: proxy.clone(), ..dd() }) => "approves USDC for the payment contract (ERC20FeeProxy), but this payment spends no USDC";
        ApprovalSpender, d(Details { asset: Some(usdc()), party: other.clone(), ..dd() }) => "approves USDC for 0x000000000000000000000000000000000000dEaD, which pulls nothing in this payment";
        ApprovalZeroAddress, d(Details { asset: Some(usdc()), party: other.clone(), ..dd() }) => "approves 0 USDC for the zero address: it does nothing, and a token that refuses an approval of the zero address (OpenZeppelin's, USDC) makes it fail";
        ApprovalUnlimited, d(Details { asset: Some(usdc()), party: proxy.clone(), ..dd() }) => "approves an unlimited amount of USDC for the payment contract (ERC20FeeProxy): it only pulls from its caller, but it can pull more later, until you revoke it";
        ApprovalUnlimited, d(Details { asset: Some(usdc()), party: account.clone(), case: case(Case::WalletApproval), ..dd() }) => "your wallet approves an unlimited amount of USDC for your smart account 0x000000000000000000000000000000000000dEaD";
        ApprovalRemainder, d(Details { asset: Some(usdc()), party: proxy.clone(), expected: q(1_500_000), actual: q(2_000_000), ..dd() }) => "approves 2 USDC for the payment contract (ERC20FeeProxy), which pulls 1.5 USDC";
        ApprovalRemainder, d(Details { asset: Some(usdc()), party: account.clone(), expected: q(1_500_000), actual: q(2_000_000), case: case(Case::WalletApproval), ..dd() }) => "your wallet approves 2 USDC for your smart account 0x000000000000000000000000000000000000dEaD, whose funding step pulls 1.5 USDC: the rest stays approved";
        ApprovalAboveNeed, d(Details { asset: Some(usdc()), party: diamond.clone(), expected: q(1_500_000), actual: q(2_000_000), ..dd() }) => "approves 2 USDC of USDC for the LI.FI bridge, an upgradeable contract, which pulls 1.5 USDC: an allowance left to it can be taken later";
        ApprovalAboveNeed, d(Details { asset: Some(usdc()), party: diamond.clone(), expected: q(1_500_000), actual: Some(usdc().quantity(U256::MAX)), ..dd() }) => "approves an unlimited amount of USDC for the LI.FI bridge, an upgradeable contract, which pulls 1.5 USDC: an allowance left to it can be taken later";
        ApprovalBelowNeed, d(Details { asset: Some(usdc()), party: proxy.clone(), expected: q(1_500_000), actual: q(0), case: case(Case::NoApproval), ..dd() }) => "no approval for the payment contract (ERC20FeeProxy), which pulls 1.5 USDC: this relies on an allowance given earlier; without it, the payment would fail";
        ApprovalBelowNeed, d(Details { asset: Some(usdc()), party: proxy.clone(), expected: q(1_500_000), actual: q(0), case: case(Case::PullBeforeApproval), ..dd() }) => "the payment contract (ERC20FeeProxy) pulls 1.5 USDC before any approval of it: this relies on an allowance given earlier; without it, the payment would fail";
        ApprovalBelowNeed, d(Details { asset: Some(usdc()), party: proxy.clone(), expected: q(1_500_000), actual: q(0), ..dd() }) => "resets the allowance of the payment contract (ERC20FeeProxy) to 0, then the payment contract (ERC20FeeProxy) pulls 1.5 USDC: it would fail (the reset also removes any allowance given earlier)";
        ApprovalBelowNeed, d(Details { asset: Some(usdc()), party: proxy.clone(), expected: q(1_500_000), actual: q(1_000_000), ..dd() }) => "approves 1 USDC for the payment contract (ERC20FeeProxy) but the payment then pulls 1.5 USDC: it would fail (an approval replaces any allowance given earlier)";
        ApprovalBelowNeed, d(Details { asset: Some(usdc()), party: account.clone(), expected: q(1_500_000), actual: q(1_000_000), case: case(Case::WalletApproval), ..dd() }) => "your wallet approves 1 USDC for your smart account 0x000000000000000000000000000000000000dEaD but the funding step pulls 1.5 USDC: it would fail (an approval replaces any allowance given earlier)";
        ApprovalBelowNeed, d(Details { asset: Some(usdc()), party: account.clone(), expected: q(1_500_000), actual: q(0), case: case(Case::WalletNoApproval), ..dd() }) => "your wallet does not approve your smart account 0x000000000000000000000000000000000000dEaD, whose funding step pulls 1.5 USDC: this relies on an allowance given earlier; without it, the payment would fail";
        EoaApprovalNotApprove, d(Details { field: text("transfer"), ..dd() }) => "the smart-account flow's wallet transactions must only approve the smart account, but this one is transfer";
        EoaApprovalSpender, d(Details { asset: Some(usdc()), party: other.clone(), expected_party: account.clone(), field: text("metadata.eoaApproval.spender"), ..dd() }) => "metadata.eoaApproval names 0x000000000000000000000000000000000000dEaD as the spender, not your smart account 0x000000000000000000000000000000000000dEaD";
        EoaApprovalSpender, d(Details { asset: Some(usdc()), party: payee.clone(), expected_party: account.clone(), ..dd() }) => "your wallet approves 0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7 instead of your smart account 0x000000000000000000000000000000000000dEaD";
        EoaApprovalSpender, d(Details { asset: Some(usdc()), party: payee.clone(), ..dd() }) => "your wallet approves USDC for 0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7, but no smart account was agreed (smartAccount): it cannot be told from a stranger";
        EoaApprovalToken, d(Details { asset: Some(usdc()), ..dd() }) => "your wallet approves USDC, which this payment does not spend";
        SmartAccountFunding, d(Details { actual: q(2_000_000), expected: q(1_500_000), party: account.clone(), ..dd() }) => "the smart account pulls 2 USDC from your wallet but spends 1.5 USDC: the rest would stay in the account";
        SmartAccountFunding, d(Details { actual: q(2_000_000), party: account.clone(), from: payee.clone(), field: text("smartAccount"), ..dd() }) => "moves 2 USDC from 0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7 to your smart account 0x000000000000000000000000000000000000dEaD, but no smart account was agreed (smartAccount)";
        SmartAccountFunding, d(Details { actual: q(2_000_000), party: account.clone(), from: other.clone(), expected_party: payee.clone(), ..dd() }) => "moves 2 USDC of 0x000000000000000000000000000000000000dEaD's tokens, not yours (0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7)";
        SmartAccountFunding, d(Details { actual: q(2_000_000), party: other.clone(), from: payee.clone(), expected_party: account.clone(), ..dd() }) => "moves 2 USDC from your wallet to 0x000000000000000000000000000000000000dEaD, not to your smart account 0x000000000000000000000000000000000000dEaD";
        SmartAccountFunding, d(Details { actual: q(2_000_000), party: account.clone(), from: payee.clone(), ..dd() }) => "funds your smart account with 2 USDC, which this payment does not spend";
        SmartAccountOwnBalance, d(Details { asset: Some(usdc()), expected: q(1_500_000), party: account.clone(), ..dd() }) => "your smart account 0x000000000000000000000000000000000000dEaD pays 1.5 USDC more than its funding step has moved to it by then: this relies on the account holding it already; without it, the whole batch fails";
        PayerMissing, d(Details { actual: q(2_000_000), party: account.clone(), from: other.clone(), field: text("payer"), ..dd() }) => "moves 2 USDC from 0x000000000000000000000000000000000000dEaD to your smart account 0x000000000000000000000000000000000000dEaD, and no payer was agreed (payer) to tell whose tokens these are";
        PayerMissing, d(Details { party: other.clone(), field: text("payer"), ..dd() }) => "a failed bridge transfer is refunded to 0x000000000000000000000000000000000000dEaD, and no payer was agreed (payer) to tell whether that is you: a cross-chain route cannot be verified without knowing who pays";
        NetworkMismatch, d(Details { field: text("executionKind evm_same_chain"), ..dd() }) => "the multicall says it settles on one chain, but a cross-chain route was agreed: its transactions are checked as signed on the source chain";
        NetworkMismatch, d(dd()) => "the multicall is on base, not on the agreed network";
        NetworkMismatch, dd() => "the multicall is on no network, not on the agreed network";
        ChainIdMismatch, d(Details { field: text("chainId 10"), ..dd() }) => "chainId 10 is not base's (8453)";
        ChildMismatch, Details { field: text("children (3)"), stated: text("3"), ..dd() } => "3 children: not one per agreed payment";
        ChildMismatch, Details { field: text("amount 2"), expected_party: payee.clone(), ..dd() } => "the child disagrees with the agreed payment: amount 2";
        CrossChainNotAgreed, Details { case: case(Case::CrossChainRoute), ..dd() } => "the response is a cross-chain route (metadata.routeType), but no cross-chain route was agreed (sourceNetwork, sourceCurrency, maxSourceAmount)";
        CrossChainNotAgreed, Details { case: case(Case::CrossChainMulticall), ..dd() } => "the response is a cross-chain multicall (evm_cross_chain), but no cross-chain route was agreed (sourceNetwork, sourceCurrency, maxSourceAmount)";
        CrossChainNotAgreed, d(Details { party: diamond.clone(), ..dd() }) => "calls the LI.FI bridge on base, but no cross-chain route was agreed (sourceNetwork, sourceCurrency, maxSourceAmount)";
        SourceNetworkMismatch, d(Details { field: text("metadata.sourceNetwork"), ..dd() }) => "the route says it starts on base, not on the agreed source network";
        BridgeNotAllowed, d(Details { party: diamond.clone(), reason: reason(), ..dd() }) => "the LI.FI bridge call is refused: the reason";
        BridgeCallInvalid, d(Details { party: diamond.clone(), reason: reason(), ..dd() }) => "the LI.FI bridge call is refused: the reason";
        BridgeCallInvalid, d(dd()) => "hasSourceSwaps disagrees with the entry point: the call would revert";
        BridgeToken, d(Details { field: text("metadata.sourceTokenAddress"), reason: reason(), ..dd() }) => "metadata.sourceTokenAddress does not name the agreed source currency";
        BridgeToken, d(Details { field: text("swapData.sendingAssetId"), asset: Some(eth()), ..dd() }) => "the route's source swaps spend the native currency on base, not the agreed source token";
        BridgeToken, d(Details { field: text("acrossData.sendingAssetId"), asset: Some(usdc()), ..dd() }) => "acrossData.sendingAssetId is not BridgeData.sendingAssetId: the facet would deposit another token than it pulls (it does not check this itself)";
        BridgeToken, d(Details { field: text("BridgeData.sendingAssetId"), asset: Some(usdc()), ..dd() }) => "the bridge sends 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913, not the agreed source currency";
        BridgeToken, d(Details { asset: Some(usdc()), ..dd() }) => "the bridge takes 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913 from your wallet, not the agreed source currency";
        BridgeDestination, d(Details { field: text("destinationChainId 10"), stated: text("10"), ..dd() }) => "the bridge delivers to chain 10, not to base (8453)";
        BridgeReceiver, d(Details { party: other.clone(), expected_party: payee.clone(), ..dd() }) => "the bridge delivers to 0x000000000000000000000000000000000000dEaD on base, not to LI.FI's ReceiverAcrossV4 0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7, which runs the destination call";
        BridgeReceiver, d(Details { party: other.clone(), ..dd() }) => "no LI.FI receiver is known on base: the destination call cannot be proved";
        BridgeRefundAddress, d(Details { party: other.clone(), expected_party: payee.clone(), ..dd() }) => "a failed bridge transfer is refunded to 0x000000000000000000000000000000000000dEaD, not to you (0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7)";
        BridgeOutputToken, Details { asset: Some(usdc()), network: Some(Network::Optimism), ..dd() } => "the bridge delivers 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913 on base, not the payment's currency";
        BridgeOutputAmount, d(Details { expected: q(1_500_000), actual: q(1_000_000), field: text("outputAmount"), ..dd() }) => "the deposit asks the relayer to deliver 1 USDC on base for only 1.5 USDC on base: no relayer fills it, so this payment is not made";
        BridgeOutputAmount, d(Details { expected: q(1_500_000), actual: q(1_000_000), case: case(Case::DestinationCallsPull), ..dd() }) => "the bridge delivers at least 1000000 units but its destination calls pull 1500000: they would fail and the whole amount would go to the message's receiver";
        BridgeOutputAmount, d(Details { expected: q(1_000_000), actual: q(1_500_000), case: case(Case::FromAmount), ..dd() }) => "the destination call's fromAmount 1500000 is 0 or above the 1000000 units LI.FI's Executor on base holds at that step: it reverts, and the bridged tokens go to the message's receiver as a plain transfer, without the payment";
        BridgeMessage, d(Details { reason: reason(), ..dd() }) => "the bridge's destination message does not decode strictly: the reason";
        BridgeMessage, d(dd()) => "the bridge has no destination call: nothing proves the payee is paid on the destination chain";
        DestinationCallTarget, d(Details { party: other.clone(), ..dd() }) => "the destination message calls 0x000000000000000000000000000000000000dEaD on base, not the ERC20FeeProxy (the destination executor runs any call)";
        DestinationCallTarget, d(Details { party: other.clone(), case: case(Case::DestinationApproval), ..dd() }) => "the destination message approves 0x000000000000000000000000000000000000dEaD for the bridged funds, not the ERC20FeeProxy it calls";
        DestinationCallMismatch, d(Details { reason: reason(), ..dd() }) => "the destination calldata does not decode strictly: the reason";
        DestinationCallMismatch, d(Details { field: text("transfer"), ..dd() }) => "the destination call is transfer, not a payment through the ERC20FeeProxy";
        DestinationCallMismatch, d(Details { party: other.clone(), case: case(Case::NotOnFeeProxy), ..dd() }) => "the child's destinationCall is not a call of the ERC20FeeProxy on the destination chain";
        DestinationCallMismatch, d(Details { party: proxy.clone(), case: case(Case::NotInBridgeMessage), ..dd() }) => "the child's destinationCall is not a call any bridge message makes: the bridge does not pay what the child declares";
        DestinationCallMismatch, d(Details { case: case(Case::UndeclaredByChild), ..dd() }) => "the bridge message makes a destination call that no child declares";
        DestinationCallMismatch, d(Details { case: case(Case::OtherToken), ..dd() }) => "the destination call spends another token than the payment's";
        DestinationCallMismatch, d(Details { case: case(Case::ReceivingAsset), asset: Some(usdc()), ..dd() }) => "the destination step's receivingAssetId 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913 is neither the payment's token nor the native currency: LI.FI's Executor on base reads its balance, and an address that cannot answer makes the call fail: the bridged tokens would go to the message's receiver without the payment";
        DestinationReceiver, d(Details { party: other.clone(), actual: q(1_000_000), ..dd() }) => "if the destination call fails, everything the bridge delivers goes to 0x000000000000000000000000000000000000dEaD, which is not the payee this message pays";
        SourceSwaps, d(Details { field: text("0x1, 0x2"), ..dd() }) => "the route swaps on base before bridging through 0x1, 0x2: what those calls do is not decoded; what they take from your wallet is";
        TronTransactionUnreadable, Details { field: text("raw_data_hex"), reason: reason(), ..dd() } => "the signed bytes (raw_data_hex) are not a transaction the wallet may sign: the reason";
        TronTransactionUnreadable, Details { field: text("raw_data"), reason: reason(), ..dd() } => "the transaction shown (raw_data) cannot be read: the reason";
        TronTransactionUnreadable, Details { field: text("parameter"), reason: reason(), ..dd() } => "the call's parameter cannot be read strictly: the reason";
        TronTransactionUnreadable, Details { field: text("fee_limit"), reason: text("fee_limit -1"), ..dd() } => "the transaction's fee_limit is negative";
        TronNetwork, d(dd()) => "a Tron transaction was given, but the payment is not signed on Tron";
        TronRawDataMismatch, Details { reason: reason(), ..dd() } => "the transaction shown (raw_data) is not the one signed (raw_data_hex): do not sign";
        TronTxIdMismatch, Details { field: text("txID"), reason: reason(), ..dd() } => "txID is not the SHA-256 of the signed bytes: a signature over it would sign another transaction";
        TronContractCount, Details { reason: text("2 contracts"), ..dd() } => "the transaction holds 2 contracts, not the one call verified";
        TronContractType, Details { field: text("TransferContract"), ..dd() } => "the transaction is a TransferContract, not a smart-contract call (TriggerSmartContract)";
        TronCallNotInResponse, dd() => "the call signed (contract and calldata) is none of the verified pay response's transactions";
        TronCallValue, Details { reason: reason(), ..dd() } => "the call also sends TRX or a TRC-10 token, which no verified transaction does";
        TronOwner, Details { party: other.clone(), expected_party: payee.clone(), ..dd() } => "the transaction is signed by another wallet than the agreed payer";
        TronOwner, Details { party: other.clone(), reason: reason(), ..dd() } => "no Tron payer was agreed, so who signs cannot be checked";
        TronFeeLimitAboveMax, Details { expected: q(1), actual: q(2), ..dd() } => "the transaction lets the call burn up to 0.000002 USDC for energy, above the agreed 0.000001 USDC";
        TronFeeLimitAboveMax, Details { expected: q(1), actual: q(2), field: text("maxTronFeeLimit"), ..dd() } => "the transaction lets the call burn up to 0.000002 USDC for energy, but no maxTronFeeLimit was agreed, so the cap is 0.000001 USDC";
        TronSignature, Details { field: text("signature"), ..dd() } => "the transaction is not signed: there is nothing to broadcast";
        TronSignature, Details { field: text("signature[1]"), party: other.clone(), ..dd() } => "signature[1] is by another key than the transaction's owner";
        TronSignature, Details { field: text("signature[0]"), ..dd() } => "signature[0] does not recover to any key over the transaction id";
    }
}

/// Every code's message, and every case's, is rendered from the details alone: one row per
/// situation pins the exact text.
#[test]
fn every_code_and_case_renders_its_english_text_from_the_details() {
    let mut codes = BTreeSet::new();
    let mut cases = BTreeSet::new();
    for (code, details, text) in table() {
        assert_eq!(english(code, &details), text, "{code} {details:?}");
        codes.insert(code);
        cases.extend(details.case);
    }
    // The structural codes say their problem.
    for problem in [
        Problem::FeeLegOrder,
        Problem::MissingExecutableLegCount,
        Problem::NoPaymentTransaction,
    ] {
        let code = C::from(&problem);
        let details = Details {
            reason: Some(problem.to_string()),
            problem: Some(problem.clone()),
            ..Details::default()
        };
        assert_eq!(english(code, &details), problem.to_string());
        codes.insert(code);
    }
    let structural: Vec<C> = C::ALL
        .iter()
        .copied()
        .filter(|c| c.as_str().starts_with("structure_"))
        .collect();
    let missing: Vec<C> = C::ALL
        .iter()
        .copied()
        .filter(|c| !codes.contains(c) && !structural.contains(c))
        .collect();
    assert!(missing.is_empty(), "no row for {missing:?}");
    let missing: Vec<&Case> = Case::ALL.iter().filter(|c| !cases.contains(*c)).collect();
    assert!(missing.is_empty(), "no row for {missing:?}");
}

/// The last finding of a code with too many says how many more there are, whatever the code.
#[test]
fn an_unlisted_count_is_said_for_any_code() {
    let details = Details {
        unlisted: Some(984),
        reason: Some("984 more findings of this code are not listed".into()),
        ..Details::default()
    };
    let text = format!(
        "984 more findings of this code are not listed (a verdict lists the first {MAX_FINDINGS_PER_CODE} findings of each code)"
    );
    for code in C::ALL {
        assert_eq!(english(*code, &details), text, "{code}");
    }
}

/// `Case::ALL` lists every case once: this match has no wildcard, so a new case that is not
/// listed fails to compile here.
#[test]
fn all_lists_every_case_once() {
    let mut seen = BTreeSet::new();
    for case in Case::ALL {
        assert!(seen.insert(*case), "{case:?} twice");
        match case {
            Case::BridgeAmongApprovals
            | Case::TransferAmongApprovals
            | Case::ApprovalAmongPayments
            | Case::CrossChainRoute
            | Case::CrossChainMulticall
            | Case::NoApproval
            | Case::PullBeforeApproval
            | Case::WalletApproval
            | Case::WalletNoApproval
            | Case::ZeroBatchFee
            | Case::Burned
            | Case::KeptByContract
            | Case::DestinationApproval
            | Case::NotOnFeeProxy
            | Case::NotInBridgeMessage
            | Case::UndeclaredByChild
            | Case::OtherToken
            | Case::DestinationCallsPull
            | Case::FromAmount
            | Case::LifiContract
            | Case::ReceivingAsset => {}
        }
    }
    assert_eq!(seen.len(), 21);
}
