//! What the payer's screen shows at each point of the screening gate.

use serde::Serialize;

use super::{GateStatus, PayeeDisplay};

/// Why the payer cannot pay with the connected wallet.
///
/// ```
/// use securepay::policy::BlockReason;
/// # use securepay::policy::{doc_support, GateEvent};
/// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
/// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
/// gate.apply(&GateEvent::from_str(r#"{"event":"screened","wallet":"0x2222222222222222222222222222222222222222","status":"rejected"}"#)?)?;
/// assert_eq!(gate.view().reason(), Some(BlockReason::ScreeningRejected));
/// assert_eq!(serde_json::to_string(&BlockReason::WalletNotAllowed)?, r#""wallet_not_allowed""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockReason {
    /// `wallet_not_allowed`: the wallet (for a smart account, its EOA) is not on the payment's
    /// allowlist. The API's decision code.
    WalletNotAllowed,
    /// `screening_rejected`: a wallet failed screening.
    ScreeningRejected,
    /// `provider_error`: the screening provider failed and no backup is left.
    ProviderError,
}

impl BlockReason {
    /// The message shown to the payer.
    ///
    /// ```
    /// use securepay::policy::BlockReason;
    ///
    /// assert!(BlockReason::ProviderError.message().starts_with("Wallet screening is unavailable"));
    /// ```
    pub const fn message(self) -> &'static str {
        match self {
            BlockReason::WalletNotAllowed => {
                "This wallet is not allowed to pay this payment. Connect an allowed wallet, or contact the payee for an alternative way to pay."
            }
            BlockReason::ScreeningRejected => {
                "This wallet did not pass the payee's wallet screening, so it cannot pay this payment. Please contact the payee for an alternative way to pay."
            }
            BlockReason::ProviderError => {
                "Wallet screening is unavailable, so this payment cannot be signed now. Try again later, or contact the payee for an alternative way to pay."
            }
        }
    }
}

/// The stage of the payer's screen.
///
/// ```
/// use securepay::policy::Stage;
/// # use securepay::policy::{doc_support, GateEvent};
/// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
/// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
/// gate.apply(&GateEvent::from_str(r#"{"event":"screened","wallet":"0x2222222222222222222222222222222222222222","status":"rejected"}"#)?)?;
/// assert_eq!(gate.view().stage(), Stage::PolicyFailure);
/// assert_eq!(serde_json::to_string(&Stage::PolicyFailure)?, r#""policy_failure""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// `connect_wallet`: waiting for a wallet.
    ConnectWallet,
    /// `screening`: the connected wallet is being screened (loading).
    Screening,
    /// `payment`: the payment options are shown and the payer may sign.
    Payment,
    /// `policy_failure`: the wallet cannot pay; signing is disabled and a reason is shown.
    PolicyFailure,
}

/// What a wallet UI renders for the payer, derived from the gate's state and the payment's
/// privacy options. Only [`PayerGate::view`](super::PayerGate::view) makes one.
///
/// - `loading` while a wallet is being screened; payment options only once the wallet passed
///   (or, without screening, once an allowed wallet is connected);
/// - with `hideUntilApproved`, amount, currency and recipient stay hidden until then;
/// - with `hidePayeeAddress`, the recipient is masked in the whole flow: no copy action, no
///   explorer link, no name resolution;
/// - on a failure, signing is disabled and `reason` and `message` say why.
///
/// Serialized in camelCase: `{"stage", "loading", "paymentOptionsVisible", "amountVisible",
/// "currencyVisible", "recipient", "copyAddress", "explorerLink", "nameResolution",
/// "signingEnabled", "reason", "message"}`; `recipient` is `null` while hidden.
///
/// ```
/// # use securepay::policy::{doc_support, GateEvent};
/// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative","hidePayeeAddress":true}"#)?;
/// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
/// gate.apply(&GateEvent::from_str(r#"{"event":"screened","wallet":"0x2222222222222222222222222222222222222222","status":"approved"}"#)?)?;
/// let json = serde_json::to_value(gate.view())?;
/// assert_eq!(json["recipient"], serde_json::json!({"masked": true}));
/// assert_eq!((json["stage"].as_str(), json["signingEnabled"].as_bool()), (Some("payment"), Some(true)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PayerView {
    stage: Stage,
    loading: bool,
    payment_options_visible: bool,
    amount_visible: bool,
    currency_visible: bool,
    recipient: Option<PayeeDisplay>,
    copy_address: bool,
    explorer_link: bool,
    name_resolution: bool,
    signing_enabled: bool,
    reason: Option<BlockReason>,
    message: Option<&'static str>,
}

impl PayerView {
    pub(super) fn new(
        status: GateStatus,
        hide_until_approved: bool,
        payee: PayeeDisplay,
    ) -> PayerView {
        let approved = status == GateStatus::Approved;
        let (stage, reason) = match status {
            GateStatus::WaitingForWallet => (Stage::ConnectWallet, None),
            GateStatus::Screening => (Stage::Screening, None),
            GateStatus::Approved => (Stage::Payment, None),
            GateStatus::NotAllowed => (Stage::PolicyFailure, Some(BlockReason::WalletNotAllowed)),
            GateStatus::Rejected => (Stage::PolicyFailure, Some(BlockReason::ScreeningRejected)),
            GateStatus::ProviderError => (Stage::PolicyFailure, Some(BlockReason::ProviderError)),
        };
        let details_visible = approved || !hide_until_approved;
        let recipient = details_visible.then_some(payee);
        let actions = recipient.is_some_and(|r| !r.is_masked());
        PayerView {
            stage,
            loading: status == GateStatus::Screening,
            payment_options_visible: approved,
            amount_visible: details_visible,
            currency_visible: details_visible,
            recipient,
            copy_address: actions,
            explorer_link: actions,
            name_resolution: actions,
            signing_enabled: approved,
            reason,
            message: reason.map(BlockReason::message),
        }
    }

    /// The stage.
    ///
    /// ```
    /// use securepay::policy::Stage;
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
    /// assert_eq!(gate.view().stage(), Stage::ConnectWallet);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn stage(&self) -> Stage {
        self.stage
    }

    /// Whether a loading state is shown (screening in progress).
    ///
    /// ```
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
    /// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
    /// assert!(gate.view().loading());
    /// gate.apply(&GateEvent::from_str(r#"{"event":"screened","wallet":"0x2222222222222222222222222222222222222222","status":"approved"}"#)?)?;
    /// assert!(!gate.view().loading());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn loading(&self) -> bool {
        self.loading
    }

    /// Whether the payment options (source chains and tokens) are shown.
    ///
    /// ```
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
    /// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
    /// assert!(!gate.view().payment_options_visible()); // not before the wallet passed
    /// gate.apply(&GateEvent::from_str(r#"{"event":"screened","wallet":"0x2222222222222222222222222222222222222222","status":"approved"}"#)?)?;
    /// assert!(gate.view().payment_options_visible());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn payment_options_visible(&self) -> bool {
        self.payment_options_visible
    }

    /// Whether the amount is shown.
    ///
    /// ```
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative","hideUntilApproved":true}"#)?;
    /// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
    /// assert!(!gate.view().amount_visible()); // hideUntilApproved
    /// gate.apply(&GateEvent::from_str(r#"{"event":"screened","wallet":"0x2222222222222222222222222222222222222222","status":"approved"}"#)?)?;
    /// assert!(gate.view().amount_visible());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn amount_visible(&self) -> bool {
        self.amount_visible
    }

    /// Whether the currency is shown.
    ///
    /// ```
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
    /// // Without hideUntilApproved, the currency is shown from the start.
    /// assert!(gate.view().currency_visible());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn currency_visible(&self) -> bool {
        self.currency_visible
    }

    /// The recipient as shown (clear or masked), `None` while hidden.
    ///
    /// ```
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative","hideUntilApproved":true}"#)?;
    /// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
    /// assert!(gate.view().recipient().is_none()); // hidden until approved
    /// gate.apply(&GateEvent::from_str(r#"{"event":"screened","wallet":"0x2222222222222222222222222222222222222222","status":"approved"}"#)?)?;
    /// let view = gate.view();
    /// let shown = view.recipient().and_then(|r| r.shown_address()).map(|a| a.to_string());
    /// assert_eq!(shown.as_deref(), Some("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn recipient(&self) -> Option<&PayeeDisplay> {
        self.recipient.as_ref()
    }

    /// Whether the screen offers to copy the recipient's address.
    ///
    /// ```
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative","hidePayeeAddress":true}"#)?;
    /// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
    /// gate.apply(&GateEvent::from_str(r#"{"event":"screened","wallet":"0x2222222222222222222222222222222222222222","status":"approved"}"#)?)?;
    /// assert!(!gate.view().copy_address()); // hidePayeeAddress: never, even once approved
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn copy_address(&self) -> bool {
        self.copy_address
    }

    /// Whether the screen links the recipient to a block explorer.
    ///
    /// ```
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"off"}"#)?;
    /// assert!(gate.view().explorer_link()); // a payee shown in clear
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn explorer_link(&self) -> bool {
        self.explorer_link
    }

    /// Whether the screen resolves the recipient to a name.
    ///
    /// ```
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative","hidePayeeAddress":true}"#)?;
    /// assert!(!gate.view().name_resolution()); // a masked payee is never resolved to a name
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn name_resolution(&self) -> bool {
        self.name_resolution
    }

    /// Whether the payer may sign.
    ///
    /// ```
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"off","allowedPayerAddresses":["0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"]}"#)?;
    /// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
    /// assert!(!gate.view().signing_enabled()); // not on the allowlist
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn signing_enabled(&self) -> bool {
        self.signing_enabled
    }

    /// Why the wallet cannot pay, on a policy failure.
    ///
    /// ```
    /// use securepay::policy::BlockReason;
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"off","allowedPayerAddresses":["0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"]}"#)?;
    /// assert_eq!(gate.view().reason(), None);
    /// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
    /// assert_eq!(gate.view().reason(), Some(BlockReason::WalletNotAllowed));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn reason(&self) -> Option<BlockReason> {
        self.reason
    }

    /// The message shown on a policy failure.
    ///
    /// ```
    /// use securepay::policy::BlockReason;
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
    /// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
    /// gate.apply(&GateEvent::from_str(r#"{"event":"provider_error","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
    /// assert_eq!(gate.view().message(), Some(BlockReason::ProviderError.message()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn message(&self) -> Option<&'static str> {
        self.message
    }
}
