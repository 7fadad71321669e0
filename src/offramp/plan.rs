//! The crypto-to-fiat planner: a direct offramp for USDC on a crypto-to-fiat network, or four
//! steps for any other currency (swap into USDC on the target chain, then offramp).

use serde::Serialize;
use serde_json::{Value, json};

use super::eligibility::{EligibilityError, SANDBOX_NOTE, check_eligibility, is_sandbox};
use super::fields::{ClientUserId, FieldError};
use crate::address::{ChainAddress, ChainAddressError};
use crate::amount::{Amount, AmountError};
use crate::currency::{Catalog, Currency};
use crate::network::{Feature, Network};

/// The source chains of `GET /v2/request/{id}/pay` (`chain`), per its OpenAPI enum.
const PAY_CHAINS: &[Network] = &[
    Network::Base,
    Network::Optimism,
    Network::ArbitrumOne,
    Network::Mainnet,
];
/// The source tokens of `GET /v2/request/{id}/pay` (`token`), per its OpenAPI enum.
const PAY_TOKENS: &[&str] = &["USDC", "USDT"];

/// Why no plan could be made.
///
/// ```
/// use securepay::currency::Catalog;
/// use securepay::network::Network;
/// use securepay::offramp::{plan, OfframpPlanError, PlanRequest};
///
/// let request = PlanRequest {
///     source_currency: "USDT-base".into(), target: Network::ArbitrumOne, amount: "0.5".into(),
///     payer_wallet: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".into(),
///     client_user_id: "user-123".into(), payment_details_id: "pd_123456".into(),
/// };
/// let error = plan(Catalog::builtin(), &request).unwrap_err();
/// assert_eq!(error, OfframpPlanError::BelowCrossChainMinimum { amount: "0.5".into() });
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OfframpPlanError {
    /// The source currency is not in the catalog.
    #[error("unknown source currency {0}")]
    UnknownCurrency(String),
    /// The target network does not offer crypto-to-fiat.
    #[error(transparent)]
    Target(#[from] EligibilityError),
    /// The amount is malformed, zero, or too precise for USDC.
    #[error("amount: {0}")]
    Amount(AmountError),
    /// The payer wallet is not an address of the target network.
    #[error("payer wallet: {0}")]
    Wallet(ChainAddressError),
    /// The client user id cannot name a payer.
    #[error(transparent)]
    ClientUserId(#[from] FieldError),
    /// The payment details id is empty.
    #[error("paymentDetailsId is empty: create the payment details first")]
    MissingPaymentDetailsId,
    /// The source cannot be swapped into the target's USDC by a cross-chain request.
    #[error("no cross-chain route from {source_currency} to USDC on {target}: {reason}")]
    NoRoute {
        /// The source currency.
        source_currency: String,
        /// The target network.
        target: Network,
        /// Why.
        reason: String,
    },
    /// Cross-chain requests below 1 are rejected by the service.
    #[error("a cross-chain request of {amount} is below the minimum of 1: the service rejects it")]
    BelowCrossChainMinimum {
        /// The amount.
        amount: String,
    },
}

/// What the caller wants: fiat for `amount` USDC on `target`, paid from `source_currency`.
///
/// ```
/// use securepay::currency::Catalog;
/// use securepay::network::Network;
/// use securepay::offramp::{plan, OfframpPlanError, PlanRequest};
///
/// let request = PlanRequest {
///     source_currency: "USDC-mainnet".into(), target: Network::Mainnet, amount: "100".into(),
///     payer_wallet: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".into(), // not a mainnet address
///     client_user_id: "user-123".into(), payment_details_id: "pd_123456".into(),
/// };
/// assert!(matches!(plan(Catalog::builtin(), &request), Err(OfframpPlanError::Wallet(_))));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanRequest {
    /// The currency the payer holds (`USDT-base`, `USDC-mainnet`, …).
    pub source_currency: String,
    /// The crypto-to-fiat network (mainnet, matic, arbitrum-one, sepolia).
    pub target: Network,
    /// The amount to offramp, in USDC (human decimal).
    pub amount: String,
    /// The payer's wallet (EVM): pays every step and receives the swapped USDC.
    pub payer_wallet: String,
    /// The payer's `clientUserId`.
    pub client_user_id: String,
    /// The approved `paymentDetailsId` (bank account) to pay out to.
    pub payment_details_id: String,
}

/// The route of a plan.
///
/// ```
/// use securepay::currency::Catalog;
/// use securepay::network::Network;
/// use securepay::offramp::{plan, PlanRequest, Route};
///
/// let request = PlanRequest {
///     source_currency: "USDC-matic".into(), target: Network::Matic, amount: "100".into(),
///     payer_wallet: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".into(),
///     client_user_id: "user-123".into(), payment_details_id: "pd_123456".into(),
/// };
/// let plan = plan(Catalog::builtin(), &request)?;
/// assert_eq!((plan.route, plan.steps.len()), (Route::Direct, 2)); // already the target's USDC
/// # Ok::<(), securepay::offramp::OfframpPlanError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Route {
    /// The source is already the target's USDC: create the crypto-to-fiat request, pay it.
    Direct,
    /// Swap into the target's USDC with a cross-chain request first (four steps).
    SwapThenOfframp,
}

/// One API call of a plan. `path` names the request of an earlier step as
/// `{requestId of step N}`.
///
/// ```
/// use securepay::currency::Catalog;
/// use securepay::network::Network;
/// use securepay::offramp::{plan, PlanRequest};
///
/// let request = PlanRequest {
///     source_currency: "USDC-sepolia".into(), target: Network::Sepolia, amount: "10".into(),
///     payer_wallet: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".into(),
///     client_user_id: "user-123".into(), payment_details_id: "pd_123456".into(),
/// };
/// let steps = plan(Catalog::builtin(), &request)?.steps;
/// assert_eq!((steps[1].method, steps[1].path.as_str()), ("GET", "/v2/request/{requestId of step 1}/pay"));
/// assert!(!steps[1].moves_real_funds); // the sandbox offramp, with a sandbox key
/// assert_eq!(steps[0].body.as_ref().map(|b| b["isCryptoToFiatAvailable"].clone()), Some(true.into()));
/// # Ok::<(), securepay::offramp::OfframpPlanError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PlanStep {
    /// 1-based.
    pub number: u8,
    /// `POST` or `GET`.
    pub method: &'static str,
    /// The path.
    pub path: String,
    /// The query parameters.
    pub query: Vec<(String, String)>,
    /// The JSON body, for `POST`.
    pub body: Option<Value>,
    /// What the step does.
    pub summary: String,
    /// Whether the step moves real funds with any API key (sandbox keys only affect the
    /// crypto-to-fiat leg, and only on Sepolia).
    pub moves_real_funds: bool,
    /// Whether the payer's KYC, agreement and payment details must be approved first.
    pub needs_prerequisites: bool,
}

/// A crypto-to-fiat plan.
///
/// ```
/// use securepay::currency::Catalog;
/// use securepay::network::Network;
/// use securepay::offramp::{plan, PlanRequest, SANDBOX_NOTE};
///
/// let request = PlanRequest {
///     source_currency: "USDC-base".into(), target: Network::Mainnet, amount: "100".into(),
///     payer_wallet: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".into(),
///     client_user_id: "user-123".into(), payment_details_id: "pd_123456".into(),
/// };
/// let plan = plan(Catalog::builtin(), &request)?;
/// assert_eq!(plan.notes[0], SANDBOX_NOTE);
/// assert_eq!(serde_json::to_value(&plan)?["route"], "swap_then_offramp");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Plan {
    /// The route.
    pub route: Route,
    /// The steps, in order.
    pub steps: Vec<PlanStep>,
    /// Notes to show the operator (the sandbox note among them).
    pub notes: Vec<String>,
}

/// Plans a crypto-to-fiat payment.
///
/// Both requests of a plan are denominated in the USDC they are paid in (`invoiceCurrency` =
/// `paymentCurrency`), so the amount the swap delivers is exactly the amount offramped. The
/// swap request has a `payee` (the payer's own wallet) and no `payer`; the crypto-to-fiat
/// request has neither (`payee` is omitted for crypto-to-fiat). Cross-chain sources are those
/// of the OpenAPI enums of `/v2/request/{id}/pay`: `chain` ∈ BASE, OPTIMISM, ARBITRUM,
/// ETHEREUM and `token` ∈ USDC, USDT; the source must be on another network than the target.
///
/// ```
/// use securepay::currency::Catalog;
/// use securepay::network::Network;
/// use securepay::offramp::{plan, PlanRequest, Route};
///
/// let request = PlanRequest {
///     source_currency: "USDT-base".into(), target: Network::ArbitrumOne, amount: "250".into(),
///     payer_wallet: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".into(),
///     client_user_id: "user-123".into(), payment_details_id: "pd_123456".into(),
/// };
/// let plan = plan(Catalog::builtin(), &request)?;
/// assert_eq!(plan.route, Route::SwapThenOfframp);
/// assert_eq!(plan.steps.len(), 4);
/// assert!(plan.steps[1].moves_real_funds); // the swap moves real funds with any key
/// assert!(plan.steps[3].needs_prerequisites);
/// # Ok::<(), securepay::offramp::OfframpPlanError>(())
/// ```
pub fn plan(catalog: &Catalog, request: &PlanRequest) -> Result<Plan, OfframpPlanError> {
    let source = catalog
        .get(&request.source_currency)
        .map_err(|_| OfframpPlanError::UnknownCurrency(request.source_currency.clone()))?;
    let target = offramp_currency(catalog, request.target)?;
    let amount = Amount::parse_positive(&request.amount, target.decimals())
        .map_err(OfframpPlanError::Amount)?;
    let wallet = ChainAddress::parse(request.target, &request.payer_wallet)
        .map_err(OfframpPlanError::Wallet)?;
    let client_user_id = ClientUserId::parse(&request.client_user_id)?;
    if request.payment_details_id.trim().is_empty() {
        return Err(OfframpPlanError::MissingPaymentDetailsId);
    }

    let sandbox = is_sandbox(request.target);
    let mut notes = vec![SANDBOX_NOTE.to_owned()];
    if sandbox {
        notes.push(
            "The crypto-to-fiat leg is on Sepolia: with a sandbox key it sends no real fiat."
                .to_owned(),
        );
    }
    let route = if source.id() == target.id() {
        Route::Direct
    } else {
        Route::SwapThenOfframp
    };
    let mut steps = Vec::with_capacity(4);
    if route == Route::SwapThenOfframp {
        swap_steps(
            source, target, request, amount, wallet, &mut steps, &mut notes,
        )?;
    }
    steps.push(create(
        json!({
            "amount": amount.to_string(),
            "invoiceCurrency": target.id().to_string(),
            "paymentCurrency": target.id().to_string(),
            "isCryptoToFiatAvailable": true,
        }),
        format!(
            "Create a separate crypto-to-fiat request for {amount} {} (no payee).",
            target.id()
        ),
    ));
    steps.push(pay(
        [
            ("wallet", wallet.to_string()),
            ("clientUserId", client_user_id.to_string()),
            ("paymentDetailsId", request.payment_details_id.clone()),
        ],
        format!(
            "Pay it from the payer's wallet: the offramp sends fiat to the approved bank account{}.",
            if sandbox { " (sandbox with a sandbox key)" } else { "" }
        ),
        !sandbox,
        true,
    ));
    Ok(Plan {
        route,
        steps: numbered(steps),
        notes,
    })
}

/// The USDC a crypto-to-fiat payment on `target` is paid in; when there is none, the
/// eligibility error, which lists what is allowed.
fn offramp_currency(catalog: &Catalog, target: Network) -> Result<&Currency, OfframpPlanError> {
    catalog.crypto_to_fiat_currency(target).ok_or_else(|| {
        // Reuse the eligibility error, which lists what is allowed.
        match check_eligibility(catalog, &format!("USDC-{target}")) {
            Err(error) => OfframpPlanError::Target(error),
            Ok(_) => OfframpPlanError::UnknownCurrency(format!("USDC-{target}")),
        }
    })
}

/// The first two steps of a swap-then-offramp plan (a request paid to the payer's own wallet,
/// and its cross-chain payment from the source currency), with their note; the amount must be
/// at least 1 USDC.
fn swap_steps(
    source: &Currency,
    target: &Currency,
    request: &PlanRequest,
    amount: Amount,
    wallet: ChainAddress,
    steps: &mut Vec<PlanStep>,
    notes: &mut Vec<String>,
) -> Result<(), OfframpPlanError> {
    let (chain, token) = cross_chain_source(source, request)?;
    let one = Amount::parse("1", amount.decimals()).map_err(OfframpPlanError::Amount)?;
    if amount.units() < one.units() {
        return Err(OfframpPlanError::BelowCrossChainMinimum {
            amount: amount.to_string(),
        });
    }
    notes.push(format!(
        "Steps 1 and 2 are an ordinary cross-chain payment from {} on {} into {}: they move real funds with any key.",
        source.symbol(),
        source.network(),
        target.id()
    ));
    steps.push(create(
        json!({
            "payee": wallet.to_string(),
            "amount": amount.to_string(),
            "invoiceCurrency": target.id().to_string(),
            "paymentCurrency": target.id().to_string(),
        }),
        format!(
            "Create a request for {amount} {} paid to the payer's own wallet, with no payer address set.",
            target.id()
        ),
    ));
    steps.push(pay(
        [
            ("wallet", wallet.to_string()),
            ("chain", chain.to_owned()),
            ("token", token.to_owned()),
        ],
        format!(
            "Pay it cross-chain from {} on {}: the route swaps into {} on {}.",
            source.symbol(),
            source.network(),
            target.symbol(),
            request.target
        ),
        true,
        false,
    ));
    Ok(())
}

/// A `POST /v2/request` step (numbered later).
fn create(body: Value, summary: String) -> PlanStep {
    PlanStep {
        number: 0,
        method: "POST",
        path: "/v2/request".to_owned(),
        query: Vec::new(),
        body: Some(body),
        summary,
        moves_real_funds: false,
        needs_prerequisites: false,
    }
}

/// A `GET /v2/request/{id}/pay` step paying the request created by the step before it (its
/// number and path are set by [`numbered`]).
fn pay<const N: usize>(
    query: [(&str, String); N],
    summary: String,
    moves_real_funds: bool,
    needs_prerequisites: bool,
) -> PlanStep {
    PlanStep {
        number: 0,
        method: "GET",
        path: String::new(),
        query: query.into_iter().map(|(k, v)| (k.to_owned(), v)).collect(),
        body: None,
        summary,
        moves_real_funds,
        needs_prerequisites,
    }
}

/// Numbers the steps from 1; each pay step names the request of the step before it.
fn numbered(steps: Vec<PlanStep>) -> Vec<PlanStep> {
    steps
        .into_iter()
        .zip(1u8..)
        .map(|(step, number)| match step.method {
            "GET" => PlanStep {
                number,
                path: format!(
                    "/v2/request/{{requestId of step {}}}/pay",
                    number.saturating_sub(1)
                ),
                ..step
            },
            _ => PlanStep { number, ..step },
        })
        .collect()
}

/// The `chain` and `token` query values for paying from `source`, or why there are none.
fn cross_chain_source(
    source: &Currency,
    request: &PlanRequest,
) -> Result<(&'static str, &'static str), OfframpPlanError> {
    let no_route = |reason: String| OfframpPlanError::NoRoute {
        source_currency: request.source_currency.clone(),
        target: request.target,
        reason,
    };
    let network = source
        .chain_network()
        .ok_or_else(|| no_route("a fiat currency cannot be swapped".to_owned()))?;
    if !request.target.supports(Feature::CrossChain) {
        return Err(no_route(format!(
            "{target} has no cross-chain routes; pay in USDC-{target} directly",
            target = request.target
        )));
    }
    if network == request.target {
        return Err(no_route(format!(
            "the source is already on {network}; a same-network swap is not a documented route"
        )));
    }
    let chain = PAY_CHAINS
        .iter()
        .find(|n| **n == network)
        .and_then(|n| n.query_name())
        .ok_or_else(|| {
            no_route(format!(
                "{network} is not a source chain of /v2/request/{{id}}/pay (BASE, OPTIMISM, ARBITRUM, ETHEREUM)"
            ))
        })?;
    let token = PAY_TOKENS
        .iter()
        .find(|t| **t == source.symbol())
        .copied()
        .ok_or_else(|| {
            no_route(format!(
                "{} is not a source token of /v2/request/{{id}}/pay (USDC, USDT)",
                source.symbol()
            ))
        })?;
    Ok((chain, token))
}
