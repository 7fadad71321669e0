//! What the payer's screen shows at each point of the screening gate.

use serde::Serialize;

use super::{GateStatus, PayeeDisplay};

/// Why the payer cannot pay with the connected wallet.
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
    pub const fn stage(&self) -> Stage {
        self.stage
    }

    /// Whether a loading state is shown (screening in progress).
    pub const fn loading(&self) -> bool {
        self.loading
    }

    /// Whether the payment options (source chains and tokens) are shown.
    pub const fn payment_options_visible(&self) -> bool {
        self.payment_options_visible
    }

    /// Whether the amount is shown.
    pub const fn amount_visible(&self) -> bool {
        self.amount_visible
    }

    /// Whether the currency is shown.
    pub const fn currency_visible(&self) -> bool {
        self.currency_visible
    }

    /// The recipient as shown (clear or masked), `None` while hidden.
    pub const fn recipient(&self) -> Option<&PayeeDisplay> {
        self.recipient.as_ref()
    }

    /// Whether the screen offers to copy the recipient's address.
    pub const fn copy_address(&self) -> bool {
        self.copy_address
    }

    /// Whether the screen links the recipient to a block explorer.
    pub const fn explorer_link(&self) -> bool {
        self.explorer_link
    }

    /// Whether the screen resolves the recipient to a name.
    pub const fn name_resolution(&self) -> bool {
        self.name_resolution
    }

    /// Whether the payer may sign.
    pub const fn signing_enabled(&self) -> bool {
        self.signing_enabled
    }

    /// Why the wallet cannot pay, on a policy failure.
    pub const fn reason(&self) -> Option<BlockReason> {
        self.reason
    }

    /// The message shown on a policy failure.
    pub const fn message(&self) -> Option<&'static str> {
        self.message
    }
}
