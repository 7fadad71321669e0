//! Issue 33, classes 3 and 6: the destination leg of a cross-chain route executed with LI.FI's
//! own contracts, compiled from their sources (`evm/contracts/lifi-*`, see evm/README.md):
//! an Across SpokePool stand-in (`evm/contracts/securepay/AcrossSpokePoolStandIn.sol`) fills the
//! deposit, transferring `outputAmount` to `ReceiverAcrossV4` and calling its
//! `handleV3AcrossMessage` with the message of the source call; the receiver hands it to the
//! Executor of the version that chain runs (`securepay::calldata::lifi::executor_version`:
//! 2.0.0 on Arbitrum, Base, Polygon and BNB Chain, 2.1.0 on Ethereum and Optimism), which calls
//! the chain's ERC20FeeProxy (Request Network's, compiled from its source). Each contract sits
//! at the address of the crate's facts, so the calldata runs unmodified.
//!
//! Observed: the proxy's `TransferWithReferenceAndFee` (the payee paid, with the reference), or
//! the receiver's `LiFiTransferRecovered` (the whole amount sent to the message's receiver as a
//! plain transfer: no payment, no reference), and what stays with the receiver or the Executor.
//! Each case is also verified: a valid one executes with the payment event and is verified
//! without danger; a hostile one falls back (or leaves value with LI.FI) and is refused.

use alloy_primitives::{Address, I256, U256, address};
use alloy_sol_types::{SolCall, SolEvent, SolValue};
use securepay::address::ChainAddress;
use securepay::calldata::PaymentReference;
use securepay::calldata::lifi::{
    AcrossBridgeCall, DestinationMessage, ExecutorVersion, decode_bridge_call,
    decode_destination_message, erc20_proxy, executor, executor_version, receiver_across_v4,
};
use securepay::contracts::abi::IERC20FeeProxy;
use securepay::contracts::{Contract, Deployments};
use securepay::currency::Catalog;
use securepay::network::Network;
use securepay::pay::{
    ApprovalPlan, CrossChainRoute, FeeBearer, PayResponse, PaymentPlan, PlannedFee, PlannedPayment,
};
use securepay::verify::{Case, FindingCode, Severity, Verdict, verify};

use super::abi::IErc20FeeProxyEvents::TransferWithReferenceAndFee;
use super::chain::Chain;
use super::observe::{Asset, Outcome};
use super::tokens::Behaviour;

alloy_sol_types::sol! {
    /// lifinance/contracts@ef00558f:src/Interfaces/ILiFi.sol:27-41 (the same at b0c4183b).
    interface ILiFiEvents {
        event LiFiTransferCompleted(bytes32 indexed transactionId, address receivingAssetId, address receiver, uint256 amount, uint256 timestamp);
        event LiFiTransferRecovered(bytes32 indexed transactionId, address receivingAssetId, address receiver, uint256 amount, uint256 timestamp);
    }

    /// evm/contracts/securepay/AcrossSpokePoolStandIn.sol.
    interface ISpokePoolStandIn {
        function fill(address outputToken, uint256 outputAmount, address recipient, bytes message) external;
    }
}

use ILiFiEvents::{LiFiTransferCompleted, LiFiTransferRecovered};

const PAYER: Address = Address::repeat_byte(0x2e);
const PAYEE: Address = Address::repeat_byte(0x43);
const FEE_TO: Address = Address::repeat_byte(0x9c);
const RELAYER: Address = Address::repeat_byte(0x7e);
/// The owner LI.FI's periphery is constructed with (it withdraws; it plays no part here).
const LIFI_OWNER: Address = Address::repeat_byte(0x0f);

/// The Across SpokePool each ReceiverAcrossV4 was constructed with
/// (lifinance/contracts@ef00558f:config/across.json, `acrossSpokePool`; the same addresses are
/// the third constructor argument of each deployment in deployments/_deployments_log_file.json).
fn spoke_pool(network: Network) -> Address {
    match network {
        Network::Mainnet => address!("0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5"),
        Network::ArbitrumOne => address!("0xe35e9842fceaCA96570B734083f4a58e8F7C5f2A"),
        Network::Optimism => address!("0x6f26Bf09B1C792e3228e5467807a900A503c0281"),
        Network::Base => address!("0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64"),
        Network::Matic => address!("0x9295ee1d8C5b022Be115A2AD3c30C72E34e7F096"),
        Network::Bsc => address!("0x4e8E101924eDE233C13e2D8622DC8aED2872d505"),
        other => panic!("no Across SpokePool on {other}"),
    }
}

/// LI.FI's ERC20Proxy the chain's Executor was constructed with (its `erc20Proxy`, which no
/// step may call): the constructor arguments of the Executor deployments in
/// lifinance/contracts@ef00558f:deployments/_deployments_log_file.json (Optimism: the registry,
/// `deployments/optimism.diamond.json`).
fn lifi_erc20_proxy(network: Network) -> Address {
    match network {
        Network::Mainnet => address!("0x68E1Acfa805dcA813116Ed6507E01c38D44318f0"),
        Network::Optimism => address!("0x314bE5fcf0A204837896e6028C47A9e1FC2919c7"),
        Network::Base => address!("0x74a55CaDb12501A3707E9F3C5dfd8b563C6A5940"),
        Network::ArbitrumOne | Network::Matic | Network::Bsc => {
            address!("0x5741A7FfE7c39Ca175546a54985fA79211290b51")
        }
        other => panic!("no LI.FI ERC20Proxy on {other}"),
    }
}

const EXECUTOR_2_0_0: &str = "lifi-b0c4183b/src/Periphery/Executor.sol:Executor";
const EXECUTOR_2_1_0: &str = "lifi-ef00558f/src/Periphery/Executor.sol:Executor";
const RECEIVER_ACROSS_V4: &str =
    "lifi-ef00558f/src/Periphery/ReceiverAcrossV4.sol:ReceiverAcrossV4";
const SPOKE_POOL: &str = "securepay/AcrossSpokePoolStandIn.sol:AcrossSpokePoolStandIn";

impl Chain {
    /// A chain of `network` with Request Network's contracts, the payment token (standard) at
    /// its catalog address, and LI.FI's destination side: the SpokePool stand-in, the Executor
    /// of the version that chain runs, and ReceiverAcrossV4, each at its address.
    pub fn lifi_destination(network: Network, token: Address, decimals: u8) -> Chain {
        let (mut chain, _) = Chain::request_network(network);
        chain.deploy_token_at(Behaviour::Standard, decimals, token);
        let pool = spoke_pool(network);
        chain.place(SPOKE_POOL, &[], pool);
        let executor_at = executor(network).unwrap();
        let (artifact, args) = match executor_version(network).unwrap() {
            // constructor(address _erc20Proxy)
            ExecutorVersion::V2_0_0 => (
                EXECUTOR_2_0_0,
                (lifi_erc20_proxy(network),).abi_encode_params(),
            ),
            // constructor(address _erc20Proxy, address _owner)
            ExecutorVersion::V2_1_0 => (
                EXECUTOR_2_1_0,
                (lifi_erc20_proxy(network), LIFI_OWNER).abi_encode_params(),
            ),
        };
        chain.place(artifact, &args, executor_at);
        // constructor(address _owner, address _executor, address _spokepool)
        let receiver_args = (LIFI_OWNER, executor_at, pool).abi_encode_params();
        chain.place(
            RECEIVER_ACROSS_V4,
            &receiver_args,
            receiver_across_v4(network).unwrap(),
        );
        chain
    }

    /// Across fills the deposit of `call`: the relayer's `outputAmount` (minted to the pool) goes
    /// to the call's `receiverAddress`, which then handles the message.
    pub fn across_fill(&mut self, call: &AcrossBridgeCall) -> Outcome {
        let token = call.across.receiving_asset_id;
        self.mint(token, spoke_pool(self.network), call.across.output_amount);
        let fill = ISpokePoolStandIn::fillCall {
            outputToken: token,
            outputAmount: call.across.output_amount,
            recipient: call.across.receiver_address,
            message: call.across.message.clone(),
        };
        self.send_call(RELAYER, spoke_pool(self.network), fill)
    }
}

/// A single payment of `units` / 100 of `destination` (a currency id) bridged from `source`,
/// with `fees` (payee-borne?, units / 100, recipient); the response and the verdict's
/// agreement.
struct Route {
    destination: &'static str,
    source: &'static str,
    units: u64,
    fees: Vec<(bool, u64, Address)>,
}

impl Route {
    fn new(destination: &'static str, source: &'static str, units: u64) -> Route {
        Route {
            destination,
            source,
            units,
            fees: Vec::new(),
        }
    }

    fn fee(mut self, payee_borne: bool, units: u64, to: Address) -> Route {
        self.fees.push((payee_borne, units, to));
        self
    }
}

/// A route built by the crate's own builder, as a server would send it.
struct Built {
    response: PayResponse,
    expectation: securepay::verify::Expectation,
    plan: PaymentPlan,
    network: Network,
    token: Address,
    decimals: u8,
    source: Network,
}

fn build(route: &Route) -> Built {
    let catalog = Catalog::builtin();
    let currency = catalog.get(route.destination).unwrap().clone();
    let network = currency.chain_network().unwrap();
    let decimals = currency.decimals().get();
    let unit = U256::from(10u8).pow(U256::from(decimals - 2));
    let at = |a: Address| ChainAddress::from_abi(network, a);
    let plan = PaymentPlan {
        network,
        currency: currency.clone(),
        payments: vec![PlannedPayment {
            request_id: "req0".into(),
            secure_payment_token: Some("01JD3E6JD46KY4KKV7X9V10000".parse().unwrap()),
            payee: at(PAYEE),
            amount: U256::from(route.units) * unit,
            reference: PaymentReference::new([0x31; 8]),
        }],
        fees: route
            .fees
            .iter()
            .map(|(payee_borne, units, to)| PlannedFee {
                request_id: "req0".into(),
                fee_component_id: None,
                fee_type: Some("platform".into()),
                fee_label: None,
                bearer: if *payee_borne {
                    FeeBearer::Payee
                } else {
                    FeeBearer::Payer
                },
                amount: U256::from(*units) * unit,
                recipient: at(*to),
            })
            .collect(),
        approval: ApprovalPlan::Exact,
        smart_account: None,
        parent_token: Some("01JD3E6JD46KY4KKV7X9V1MZ00".parse().unwrap()),
        bundle_id: None,
    };
    let source = catalog.get(route.source).unwrap().clone();
    let source_network = source.chain_network().unwrap();
    let source_unit = U256::from(10u8).pow(U256::from(source.decimals().get() - 2));
    let on_top: u64 = route
        .fees
        .iter()
        .filter(|(payee_borne, _, _)| !payee_borne)
        .map(|(_, units, _)| units)
        .sum();
    let cross = CrossChainRoute {
        network: source_network,
        currency: source,
        payer: ChainAddress::from_abi(source_network, PAYER),
        source_amounts: vec![U256::from((route.units + on_top) * 101 / 100) * source_unit],
        quote_timestamp: 1_773_740_000,
        fill_deadline: 1_773_750_000,
    };
    let response = plan.build_cross_chain(&cross).unwrap();
    let expectation = securepay::verify::Expectation::for_cross_chain_plan(&plan, &cross).unwrap();
    Built {
        response,
        expectation,
        plan,
        network,
        token: currency.token_address().unwrap().abi(),
        decimals,
        source: source_network,
    }
}

impl Built {
    /// The bridge call of the response (a single payment: one) and its position.
    fn bridge(&self) -> (usize, AcrossBridgeCall) {
        let PayResponse::Single(single) = &self.response else {
            panic!("a single payment");
        };
        let diamond = Deployments::builtin()
            .address(self.source, Contract::LiFiDiamond)
            .unwrap();
        let index = single
            .transactions
            .iter()
            .position(|tx| tx.to == diamond)
            .unwrap();
        (
            index,
            decode_bridge_call(&single.transactions[index].data).unwrap(),
        )
    }

    /// The response with its bridge call edited (`outputAmount`, the message), as a server
    /// would send it.
    fn edit(mut self, edit: impl FnOnce(&mut AcrossBridgeCall)) -> Built {
        let (index, mut call) = self.bridge();
        edit(&mut call);
        let PayResponse::Single(single) = &mut self.response else {
            unreachable!()
        };
        single.transactions[index].data = call.abi_encode().into();
        self
    }

    /// Edits the destination message of the bridge call.
    fn edit_message(self, edit: impl FnOnce(&mut DestinationMessage)) -> Built {
        self.edit(|call| {
            let mut message = decode_destination_message(&call.across.message).unwrap();
            edit(&mut message);
            call.across.message = message.abi_encode().into();
        })
    }

    /// What the destination proxy call pulls (amount + fee) and what the bridge delivers.
    fn pull_and_delivered(&self) -> (U256, U256) {
        let (_, call) = self.bridge();
        let message = decode_destination_message(&call.across.message).unwrap();
        let pulled = message
            .swaps
            .iter()
            .map(|swap| {
                let proxy_call = IERC20FeeProxy::transferFromWithReferenceAndFeeCall::abi_decode(
                    &swap.call_data,
                )
                .unwrap();
                proxy_call._amount + proxy_call._feeAmount
            })
            .fold(U256::ZERO, |t, x| t + x);
        (pulled, call.across.output_amount)
    }

    fn verdict(&self) -> Verdict {
        verify(&self.response, &self.expectation)
    }

    /// The destination leg executed on a fresh chain of the destination network.
    fn execute(&self) -> Executed {
        self.execute_on(Chain::lifi_destination(
            self.network,
            self.token,
            self.decimals,
        ))
    }

    /// The destination leg executed on `chain` (a [`Chain::lifi_destination`]).
    fn execute_on(&self, mut chain: Chain) -> Executed {
        let (_, call) = self.bridge();
        let message = decode_destination_message(&call.across.message).unwrap();
        let outcome = chain.across_fill(&call);
        Executed {
            outcome,
            network: self.network,
            token: self.token,
            delivered: call.across.output_amount,
            message_receiver: message.receiver,
        }
    }
}

/// What the destination leg did.
struct Executed {
    outcome: Outcome,
    network: Network,
    token: Address,
    delivered: U256,
    message_receiver: Address,
}

impl Executed {
    fn payments(&self) -> Vec<TransferWithReferenceAndFee> {
        let proxy = Deployments::builtin()
            .address(self.network, Contract::Erc20FeeProxy)
            .unwrap()
            .abi();
        self.outcome
            .logs
            .iter()
            .filter(|log| log.address == proxy)
            .map(|log| TransferWithReferenceAndFee::decode_log(log).unwrap().data)
            .collect()
    }

    fn recovered(&self) -> Vec<LiFiTransferRecovered> {
        let receiver = receiver_across_v4(self.network).unwrap();
        self.outcome
            .logs
            .iter()
            .filter(|log| {
                log.address == receiver
                    && log.topics().first() == Some(&LiFiTransferRecovered::SIGNATURE_HASH)
            })
            .map(|log| LiFiTransferRecovered::decode_log(log).unwrap().data)
            .collect()
    }

    fn completed(&self) -> usize {
        let executor = executor(self.network).unwrap();
        self.outcome
            .logs
            .iter()
            .filter(|log| {
                log.address == executor
                    && log.topics().first() == Some(&LiFiTransferCompleted::SIGNATURE_HASH)
            })
            .count()
    }

    fn delta(&self, who: Address) -> I256 {
        self.outcome.changes.of(Asset::Token(self.token), who)
    }

    /// What the proxy's events say `who` was paid: as the payee of a call, and as its fee
    /// address.
    fn paid_to(&self, who: Address) -> U256 {
        self.payments()
            .iter()
            .map(|p| {
                let as_payee = if p.to == who { p.amount } else { U256::ZERO };
                let as_fee = if p.feeAddress == who {
                    p.feeAmount
                } else {
                    U256::ZERO
                };
                as_payee + as_fee
            })
            .fold(U256::ZERO, |t, x| t + x)
    }

    /// The payee paid through the proxy, with the reference (one call of `amount`), `fee` to
    /// `fee_to` (inside that call or in a call of its own, as the builder lays it out); the
    /// Executor completed; nothing left with the receiver or the Executor; what the calls did
    /// not pull to the message's receiver (the payee).
    #[track_caller]
    fn assert_paid(&self, what: &str, amount: U256, fee: U256, fee_to: Address) {
        self.outcome.assert_success();
        let payments = self.payments();
        let to_payee: Vec<_> = payments.iter().filter(|p| p.to == PAYEE).collect();
        assert_eq!(to_payee.len(), 1, "{what}: {:?}", self.outcome);
        assert_eq!(to_payee[0].amount, amount, "{what}");
        assert_eq!(self.paid_to(fee_to), fee, "{what}");
        let logged = payments
            .iter()
            .fold(U256::ZERO, |t, p| t + p.amount + p.feeAmount);
        assert_eq!(logged, amount + fee, "{what}: someone else paid");
        assert!(self.recovered().is_empty(), "{what}: fell back");
        assert_eq!(self.completed(), 1, "{what}");
        for lifi in [
            receiver_across_v4(self.network).unwrap(),
            executor(self.network).unwrap(),
        ] {
            assert_eq!(self.delta(lifi), I256::ZERO, "{what}: {lifi} kept value");
        }
        let left = self.delivered - amount - fee;
        assert_eq!(
            self.delta(PAYEE),
            I256::try_from(amount + left).unwrap(),
            "{what}"
        );
    }

    /// The receiver's fallback: no payment, the whole amount to the message's receiver as a
    /// plain transfer, nothing left with LI.FI.
    #[track_caller]
    fn assert_fell_back(&self, what: &str) {
        self.outcome.assert_success();
        assert!(
            self.payments().is_empty(),
            "{what}: paid {} times",
            self.payments().len()
        );
        let recovered = self.recovered();
        assert_eq!(recovered.len(), 1, "{what}: {:?}", self.outcome);
        assert_eq!(
            (recovered[0].receiver, recovered[0].amount),
            (self.message_receiver, self.delivered),
            "{what}"
        );
        assert_eq!(
            self.delta(self.message_receiver),
            I256::try_from(self.delivered).unwrap(),
            "{what}"
        );
        for lifi in [
            receiver_across_v4(self.network).unwrap(),
            executor(self.network).unwrap(),
        ] {
            assert_eq!(self.delta(lifi), I256::ZERO, "{what}: {lifi} kept value");
        }
    }
}

fn has_danger(verdict: &Verdict, code: FindingCode, case: Option<Case>) -> bool {
    verdict.findings.iter().any(|f| {
        f.code == code
            && f.severity == Severity::Danger
            && (case.is_none() || f.details.case == case)
    })
}

/// A route to each destination network (USDC / USDC native), with a payer-borne fee and a
/// payee-borne one; Optimism is reached from Arbitrum, the others from Optimism.
fn routes() -> Vec<Route> {
    vec![
        Route::new("USDC-base", "USDT-optimism", 1_000).fee(false, 3, FEE_TO),
        Route::new("USDC-arbitrum-one", "USDT-optimism", 250).fee(true, 2, FEE_TO),
        Route::new("USDCn-matic", "USDT-optimism", 77),
        Route::new("USDC-bsc", "USDT-optimism", 1_999).fee(false, 1, FEE_TO),
        Route::new("USDC-mainnet", "USDC-arbitrum-one", 420).fee(false, 5, FEE_TO),
        Route::new("USDCn-optimism", "USDC-arbitrum-one", 42).fee(true, 1, FEE_TO),
    ]
}

/// The payee's net amount and the fee of a route's proxy call.
fn amounts(built: &Built) -> (U256, U256) {
    let payment = built.plan.payments[0].amount;
    let payee_borne = built
        .plan
        .fees
        .iter()
        .filter(|f| f.bearer == FeeBearer::Payee)
        .fold(U256::ZERO, |t, f| t + f.amount);
    let fee = built.plan.fees.iter().fold(U256::ZERO, |t, f| t + f.amount);
    (payment - payee_borne, fee)
}

#[test]
fn each_chain_runs_the_executor_version_of_the_facts() {
    // The versions as lifinance/contracts@ef00558f:deployments/_deployments_log_file.json
    // records them (each ReceiverAcrossV4's `_executor` constructor argument, and the Executor
    // entry at that address).
    use ExecutorVersion::*;
    for (network, version) in [
        (Network::Mainnet, V2_1_0),
        (Network::Optimism, V2_1_0),
        (Network::ArbitrumOne, V2_0_0),
        (Network::Base, V2_0_0),
        (Network::Matic, V2_0_0),
        (Network::Bsc, V2_0_0),
    ] {
        assert_eq!(executor_version(network), Some(version), "{network}");
        assert_eq!(version.checks_step_balance(), version == V2_0_0);
    }
    assert_eq!(executor_version(Network::Sepolia), None);
    assert_eq!(executor_version(Network::Tron), None);
}

#[test]
fn the_builders_routes_pay_through_the_proxy_on_every_destination_chain() {
    for route in routes() {
        let built = build(&route);
        let verdict = built.verdict();
        assert!(verdict.is_safe(), "{}: {verdict}", route.destination);
        let (amount, fee) = amounts(&built);
        built
            .execute()
            .assert_paid(route.destination, amount, fee, FEE_TO);
    }
}

// ---- class 6: fromAmount below the fee-inclusive pull is valid ------------------------------

#[test]
fn class_6_a_from_amount_below_the_pull_pays_and_is_not_refused() {
    let mut failures = Vec::new();
    for route in routes() {
        let base = build(&route);
        let (pulled, delivered) = base.pull_and_delivered();
        let (amount, fee) = amounts(&base);
        for (what, from_amount) in [
            ("one unit below the pull", pulled - U256::from(1u8)),
            ("the payment without its fee", amount),
            ("half the pull", pulled / U256::from(2u8)),
            ("1", U256::from(1u8)),
        ] {
            let name = format!("{} fromAmount {what}", route.destination);
            let built = build(&route).edit_message(|m| m.swaps[0].from_amount = from_amount);
            assert!(from_amount <= delivered);
            built.execute().assert_paid(&name, amount, fee, FEE_TO);
            let verdict = built.verdict();
            if !verdict.is_safe() {
                failures.push(format!("{name}: refused\n{verdict}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---- class 3: the destination chain ---------------------------------------------------------

#[test]
fn class_3_a_from_amount_above_what_the_executor_holds_falls_back_where_it_checks_it() {
    let mut failures = Vec::new();
    for route in routes() {
        let base = build(&route);
        let (_, delivered) = base.pull_and_delivered();
        let checks = executor_version(base.network)
            .unwrap()
            .checks_step_balance();
        for (what, from_amount) in [
            (
                "one unit above what is delivered",
                delivered + U256::from(1u8),
            ),
            ("twice what is delivered", delivered * U256::from(2u8)),
            ("the maximum", U256::MAX),
        ] {
            let name = format!("{} fromAmount {what}", route.destination);
            let built = build(&route).edit_message(|m| m.swaps[0].from_amount = from_amount);
            let executed = built.execute();
            let verdict = built.verdict();
            if checks {
                // Executor 2.0.0: InsufficientBalance, the receiver's fallback.
                executed.assert_fell_back(&name);
                if !has_danger(
                    &verdict,
                    FindingCode::BridgeOutputAmount,
                    Some(Case::FromAmount),
                ) {
                    failures.push(format!("{name}: not refused\n{verdict}"));
                }
            } else {
                // Executor 2.1.0: fromAmount only sets the approval; the payment goes through.
                let (amount, fee) = amounts(&built);
                executed.assert_paid(&name, amount, fee, FEE_TO);
                if !verdict.is_safe() {
                    failures.push(format!("{name}: refused on a 2.1.0 chain\n{verdict}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn class_3_a_from_amount_of_zero_falls_back_on_every_chain() {
    for route in routes() {
        let built = build(&route).edit_message(|m| m.swaps[0].from_amount = U256::ZERO);
        built.execute().assert_fell_back(route.destination);
        let verdict = built.verdict();
        assert!(
            has_danger(
                &verdict,
                FindingCode::BridgeOutputAmount,
                Some(Case::FromAmount)
            ),
            "{}: {verdict}",
            route.destination
        );
    }
}

#[test]
fn class_3_a_pull_above_what_is_delivered_falls_back_on_every_chain() {
    for route in routes() {
        let base = build(&route);
        let (pulled, _) = base.pull_and_delivered();
        for short in [1u64, 1_000] {
            let output = pulled - U256::from(short);
            // fromAmount within what is delivered: only the proxy's pull fails.
            let built = build(&route).edit(|c| {
                c.across.output_amount = output;
                let mut message = decode_destination_message(&c.across.message).unwrap();
                message.swaps[0].from_amount = output;
                c.across.message = message.abi_encode().into();
            });
            let name = format!("{} delivers {short} units short", route.destination);
            built.execute().assert_fell_back(&name);
            let verdict = built.verdict();
            assert!(
                has_danger(
                    &verdict,
                    FindingCode::BridgeOutputAmount,
                    Some(Case::DestinationCallsPull)
                ),
                "{name}: {verdict}"
            );
        }
    }
}

#[test]
fn class_3_a_second_step_asking_more_than_is_left_falls_back_where_the_executor_checks_it() {
    // Two proxy calls in one message: the payment, then the fee's; the second asks for more than
    // the Executor holds after the first.
    for destination in ["USDC-base", "USDC-bsc", "USDC-mainnet"] {
        let route = Route::new(destination, "USDT-optimism", 500).fee(false, 4, FEE_TO);
        let base = build(&route);
        let (_, delivered) = base.pull_and_delivered();
        let built = base.edit_message(|m| {
            // The builder lays the fee out as a second proxy call; it asks for everything the
            // bridge delivered, more than is left after the payment.
            assert_eq!(m.swaps.len(), 2, "{destination}");
            m.swaps[1].from_amount = delivered;
        });
        let executed = built.execute();
        let checks = executor_version(built.network)
            .unwrap()
            .checks_step_balance();
        let verdict = built.verdict();
        if checks {
            executed.assert_fell_back(destination);
            assert!(
                has_danger(
                    &verdict,
                    FindingCode::BridgeOutputAmount,
                    Some(Case::FromAmount)
                ),
                "{destination}: {verdict}"
            );
        } else {
            let (amount, fee) = amounts(&built);
            executed.assert_paid(destination, amount, fee, FEE_TO);
            assert!(verdict.is_safe(), "{destination}: {verdict}");
        }
    }
}

#[test]
fn class_3_a_fee_to_lifis_receiver_executor_or_proxy_is_not_paid_and_is_refused() {
    for (destination, source) in [
        ("USDC-base", "USDT-optimism"),
        ("USDC-arbitrum-one", "USDT-optimism"),
        ("USDC-mainnet", "USDC-arbitrum-one"),
        ("USDCn-optimism", "USDC-arbitrum-one"),
    ] {
        let network = Catalog::builtin()
            .get(destination)
            .unwrap()
            .chain_network()
            .unwrap();
        let receiver = receiver_across_v4(network).unwrap();
        let executor_at = executor(network).unwrap();
        let proxy = erc20_proxy(network).unwrap();
        assert_eq!(proxy, lifi_erc20_proxy(network));
        for (who, to) in [
            ("receiver", receiver),
            ("Executor", executor_at),
            ("ERC20Proxy", proxy),
        ] {
            for payee_borne in [false, true] {
                let route = Route::new(destination, source, 300).fee(payee_borne, 7, to);
                let built = build(&route);
                let name =
                    format!("{destination}: fee to LI.FI's {who} (payee-borne {payee_borne})");
                let executed = built.execute();
                executed.outcome.assert_success();
                let (amount, fee) = amounts(&built);
                // The proxy says the fee was paid to LI.FI's contract.
                assert_eq!(executed.paid_to(to), fee, "{name}");
                let left = executed.delivered - amount - fee;
                if to == receiver || to == proxy {
                    // The receiver and the proxy keep the fee (only LI.FI can take it out).
                    assert_eq!(executed.delta(to), I256::try_from(fee).unwrap(), "{name}");
                    assert_eq!(
                        executed.delta(PAYEE),
                        I256::try_from(amount + left).unwrap(),
                        "{name}"
                    );
                } else {
                    // The Executor pays the fee to itself, then sends what it gained to the
                    // message's receiver: the fee goes to the payee, not to any fee recipient.
                    assert_eq!(executed.delta(executor_at), I256::ZERO, "{name}");
                    assert_eq!(
                        executed.delta(PAYEE),
                        I256::try_from(amount + fee + left).unwrap(),
                        "{name}"
                    );
                }
                let verdict = built.verdict();
                assert!(
                    has_danger(
                        &verdict,
                        FindingCode::UndeclaredOutflow,
                        Some(Case::LifiContract)
                    ),
                    "{name}: {verdict}"
                );
            }
        }
    }
}

#[test]
fn class_3_a_receiving_asset_the_server_chose_makes_the_executor_fall_back() {
    // LI.FI's Executor reads the balance of each step's receivingAssetId (LibSwap's
    // AssetSwapped, the Executor's final asset and its leftovers), with all its gas. Executor
    // 2.0.0 reads it with Solidity's high-level call: an account without code, or a contract
    // without balanceOf, makes it revert. Executor 2.1.0 reads it with Solady's balanceOf,
    // which takes a failure for 0: those pay there, but an address that burns the gas it is
    // given (evm/contracts/securepay/GasBurningBalance.sol) makes every version run out of gas,
    // and an account without code today may have code when the relayer fills. The receiver
    // falls back each time; the verdict refuses every such asset, on every chain.
    const STRANGER: Address = Address::repeat_byte(0xbe);
    const BURNER: Address = Address::repeat_byte(0xb6);
    let mut failures = Vec::new();
    for route in routes() {
        let network = build(&route).network;
        let proxy = Deployments::builtin()
            .address(network, Contract::Erc20FeeProxy)
            .unwrap()
            .abi();
        let checks = executor_version(network).unwrap().checks_step_balance();
        for (what, asset, falls_back) in [
            ("a contract that burns the gas of balanceOf", BURNER, true),
            ("an account without code", STRANGER, checks),
            ("the ERC20FeeProxy (no balanceOf)", proxy, checks),
            (
                "LI.FI's receiver (no balanceOf)",
                receiver_across_v4(network).unwrap(),
                checks,
            ),
        ] {
            for step in ["the first", "the last"] {
                let name = format!("{}: {step} step receives {what}", route.destination);
                let built = build(&route).edit_message(|m| {
                    let k = if step == "the first" {
                        0
                    } else {
                        m.swaps.len() - 1
                    };
                    m.swaps[k].receiving_asset_id = asset;
                });
                let mut chain = Chain::lifi_destination(network, built.token, built.decimals);
                chain.place(
                    "securepay/GasBurningBalance.sol:GasBurningBalance",
                    &[],
                    BURNER,
                );
                let executed = built.execute_on(chain);
                if falls_back {
                    executed.assert_fell_back(&name);
                } else {
                    let (amount, fee) = amounts(&built);
                    executed.assert_paid(&name, amount, fee, FEE_TO);
                }
                let verdict = built.verdict();
                if !has_danger(
                    &verdict,
                    FindingCode::DestinationCallMismatch,
                    Some(Case::ReceivingAsset),
                ) {
                    failures.push(format!("{name}: not refused\n{verdict}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_native_currency_as_receiving_asset_pays_and_is_not_refused() {
    for route in routes() {
        let built = build(&route).edit_message(|m| {
            for swap in &mut m.swaps {
                swap.receiving_asset_id = Address::ZERO;
            }
        });
        let (amount, fee) = amounts(&built);
        built
            .execute()
            .assert_paid(route.destination, amount, fee, FEE_TO);
        let verdict = built.verdict();
        assert!(verdict.is_safe(), "{}: {verdict}", route.destination);
    }
}
