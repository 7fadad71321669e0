//! The payer screening gate: a pure state machine a wallet UI drives with [`GateEvent`]s and
//! reads a [`PayerView`] from.

use serde::Serialize;

use super::{
    AllowedPayers, GateEvent, JsonError, PayeeDisplay, PayerView, ResolvedPolicy, Screening,
    ScreeningFailure, ScreeningOutcome, ScreeningProvider,
};
use crate::address::ChainAddress;
use crate::network::ChainKind;

/// Why the gate refused an event; the gate's state is unchanged.
///
/// ```
/// use securepay::network::ChainKind;
/// use securepay::policy::GateError;
/// # use securepay::policy::{doc_support, GateEvent};
/// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
/// let screened = GateEvent::from_str(r#"{"event":"screened","wallet":"0x2222222222222222222222222222222222222222","status":"approved"}"#)?;
/// assert_eq!(gate.apply(&screened), Err(GateError::NoWalletConnected)); // connect first
/// // A Tron wallet cannot pay an EVM payee.
/// let tron = GateEvent::from_str(r#"{"event":"connected","wallet":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"}"#)?;
/// assert!(matches!(gate.apply(&tron), Err(GateError::WrongWalletFamily { expected: ChainKind::Evm, .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GateError {
    /// The input is empty or only whitespace.
    #[error(transparent)]
    Empty(#[from] crate::wire::EmptyInput),
    /// The event is not valid JSON of a known event (an unknown event, field or status, a
    /// field missing or given twice, an invalid address). The `serde_json::Error` is the
    /// [`source()`](std::error::Error::source).
    #[error("malformed gate event: {0}")]
    MalformedEvent(#[source] JsonError),
    /// The connected wallet is not of the payee's family (EVM or Tron).
    #[error("wallet {wallet} cannot pay this payee, which takes {expected} wallets")]
    WrongWalletFamily {
        /// The wallet.
        wallet: ChainAddress,
        /// The kind of chain the payee is on.
        expected: ChainKind,
    },
    /// A smart account on Tron, which has none.
    #[error("Tron has no smart accounts: smartAccount {0} is not accepted")]
    SmartAccountOnTron(ChainAddress),
    /// The smart account is the EOA itself.
    #[error("smartAccount {0} is the connected EOA itself")]
    SmartAccountIsEoa(ChainAddress),
    /// A screening event while no wallet is connected.
    #[error("no wallet is connected")]
    NoWalletConnected,
    /// A screening event for a wallet that is not part of the current connection.
    #[error("wallet {0} is not the connected wallet or its smart account")]
    UnknownWallet(ChainAddress),
    /// A screening event for a wallet that is not screened (screening off, or not allowed).
    #[error("wallet {0} is not being screened")]
    NotBeingScreened(ChainAddress),
    /// A result from a provider other than the one screening the wallet.
    #[error("wallet {wallet} is being screened by {expected}, not {given}")]
    StaleProvider {
        /// The wallet.
        wallet: ChainAddress,
        /// The provider screening it.
        expected: ScreeningProvider,
        /// The provider named by the event.
        given: ScreeningProvider,
    },
    /// A result for a wallet whose screening has already ended in a failure or an approval.
    #[error("wallet {0} already has its screening decision")]
    AlreadyDecided(ChainAddress),
}

/// Whether a wallet is the signer's EOA or its smart account.
///
/// ```
/// use securepay::policy::WalletType;
/// # use securepay::policy::{doc_support, GateEvent};
/// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
/// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222","smartAccount":"0x1111111111111111111111111111111111111111"}"#)?)?;
/// let types: Vec<WalletType> = gate.wallets().iter().map(|w| w.wallet_type).collect();
/// assert_eq!(types, [WalletType::Eoa, WalletType::SmartAccount]);
/// assert_eq!(serde_json::to_string(&WalletType::SmartAccount)?, r#""smart_account""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WalletType {
    /// `eoa`: the externally owned account (the one checked against the allowlist).
    Eoa,
    /// `smart_account`: the EVM smart account paying on the EOA's behalf.
    SmartAccount,
}

/// Where one wallet stands.
///
/// ```
/// use securepay::policy::{ScreeningProvider, WalletStatus};
/// # use securepay::policy::{doc_support, GateEvent};
/// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
/// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
/// assert_eq!(gate.wallets()[0].status, WalletStatus::Pending(ScreeningProvider::Hypernative));
/// assert_eq!(serde_json::to_string(&gate.wallets()[0].status)?, r#"{"status":"pending","provider":"hypernative"}"#);
/// gate.apply(&GateEvent::from_str(r#"{"event":"screened","wallet":"0x2222222222222222222222222222222222222222","status":"rejected"}"#)?)?;
/// assert_eq!(gate.wallets()[0].status, WalletStatus::Rejected);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case", tag = "status", content = "provider")]
pub enum WalletStatus {
    /// Screening is off and the wallet is allowed.
    Allowed,
    /// The (EOA) wallet is not on the allowlist; it is not screened.
    NotAllowed,
    /// Being screened by this provider.
    Pending(ScreeningProvider),
    /// Passed screening.
    Approved,
    /// Failed screening.
    Rejected,
    /// The provider failed technically and no backup is left.
    ProviderError,
}

/// One wallet of the current connection and its status.
///
/// ```
/// use securepay::policy::WalletStatus;
/// # use securepay::policy::{doc_support, GateEvent};
/// # let mut gate = doc_support::gate(r#"{"mode":"off","allowedPayerAddresses":["0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"]}"#)?;
/// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
/// let check = gate.wallets()[0];
/// assert_eq!(check.address.to_string(), "0x2222222222222222222222222222222222222222");
/// assert_eq!(check.status, WalletStatus::NotAllowed); // not on the allowlist
/// assert_eq!(serde_json::to_string(&check)?,
///     r#"{"address":"0x2222222222222222222222222222222222222222","walletType":"eoa","status":"not_allowed"}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WalletCheck {
    /// The wallet.
    pub address: ChainAddress,
    /// EOA or smart account.
    pub wallet_type: WalletType,
    /// Its status.
    #[serde(flatten)]
    pub status: WalletStatus,
}

/// Where the payer flow stands.
///
/// ```
/// use securepay::policy::GateStatus;
/// # use securepay::policy::{doc_support, GateEvent};
/// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
/// assert_eq!(gate.status(), GateStatus::WaitingForWallet);
/// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
/// assert_eq!(gate.status(), GateStatus::Screening);
/// gate.apply(&GateEvent::from_str(r#"{"event":"screened","wallet":"0x2222222222222222222222222222222222222222","status":"approved"}"#)?)?;
/// assert_eq!(gate.status(), GateStatus::Approved);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GateStatus {
    /// No wallet connected.
    WaitingForWallet,
    /// A wallet is connected and at least one of its wallets is still being screened.
    Screening,
    /// Every wallet passed (or screening is off and the wallet is allowed): the payment
    /// continues.
    Approved,
    /// The wallet is not on the allowlist (`wallet_not_allowed`).
    NotAllowed,
    /// A wallet failed screening.
    Rejected,
    /// A provider failed and no backup is left: fail closed.
    ProviderError,
}

/// The gate's state as the CLI writes it: `{"status", "wallets"}`.
///
/// ```
/// # use securepay::policy::{doc_support, GateEvent};
/// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
/// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
/// assert_eq!(serde_json::to_string(&gate.state())?, r#"{"status":"screening","wallets":[{"address":"0x2222222222222222222222222222222222222222","walletType":"eoa","status":"pending","provider":"hypernative"}]}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GateState {
    /// Where the flow stands.
    pub status: GateStatus,
    /// The wallets of the current connection (EOA first).
    pub wallets: Vec<WalletCheck>,
}

/// The payer screening gate of one secure payment (seed "Screening behavior" rules).
///
/// Built from the payment's [`ResolvedPolicy`] (its snapshot) and payee, then driven by
/// [`GateEvent`]s. With `kyt_all_wallets`, a connected wallet is screened before the payment
/// options are shown (the view is loading meanwhile); an EVM smart-account payment screens the
/// EOA and the smart account, and both must pass. The allowlist is checked first, against the
/// EOA: a wallet that is not allowed is not screened. A rejection, a provider failure with no
/// backup left, or a wallet not allowed disable signing; so does anything still pending. A
/// rejection is definitive and overrides an earlier approval; a technical failure of the
/// primary provider moves the wallet to the backup provider when there is one.
///
/// Pure: no clock, no I/O; an event the gate refuses leaves it unchanged.
///
/// ```
/// use securepay::address::ChainAddress;
/// use securepay::policy::{resolve, GateEvent, GateStatus, PayerGate, PaymentPolicy};
///
/// let policy = resolve(None, Some(&PaymentPolicy::from_str(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative","hideUntilApproved":true}"#)?), None)?;
/// let payee = ChainAddress::parse_any("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?;
/// let mut gate = PayerGate::new(&policy, payee);
///
/// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0xab5801a7d398351b8be11c439e05c5b3259aec9b"}"#)?)?;
/// assert_eq!(gate.status(), GateStatus::Screening);
/// assert!(gate.view().loading() && !gate.view().amount_visible());
///
/// gate.apply(&GateEvent::from_str(r#"{"event":"screened","wallet":"0xab5801a7d398351b8be11c439e05c5b3259aec9b","status":"approved"}"#)?)?;
/// assert!(gate.view().signing_enabled() && gate.view().amount_visible());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayerGate {
    screening: Screening,
    backup: Option<ScreeningProvider>,
    allowed: AllowedPayers,
    hide_until_approved: bool,
    payee: PayeeDisplay,
    wallets: Vec<WalletCheck>,
}

impl PayerGate {
    /// A gate for a payment with this configuration and payee, no wallet connected. With
    /// `hidePayeeAddress` the gate keeps the payee masked (its `Debug` does not show it).
    ///
    /// ```
    /// use securepay::address::ChainAddress;
    /// use securepay::policy::{resolve, GateStatus, PayerGate};
    ///
    /// let no_policy = resolve(None, None, None)?; // screening off, every wallet allowed
    /// let gate = PayerGate::new(&no_policy, ChainAddress::parse_any("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")?);
    /// assert_eq!(gate.status(), GateStatus::WaitingForWallet);
    /// assert!(!gate.signing_enabled());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(policy: &ResolvedPolicy, payee: ChainAddress) -> PayerGate {
        PayerGate {
            screening: policy.screening(),
            backup: policy.backup_provider(),
            allowed: policy.allowed_payers().clone(),
            hide_until_approved: policy.hide_until_approved(),
            payee: PayeeDisplay::new(payee, policy.hide_payee_address()),
            wallets: Vec::new(),
        }
    }

    /// Applies one event; on error the gate is unchanged.
    ///
    /// ```
    /// use securepay::policy::{GateError, GateStatus};
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
    /// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222","smartAccount":"0x1111111111111111111111111111111111111111"}"#)?)?;
    /// gate.apply(&GateEvent::from_str(r#"{"event":"screened","wallet":"0x2222222222222222222222222222222222222222","status":"approved"}"#)?)?;
    /// assert_eq!(gate.status(), GateStatus::Screening); // the smart account is still pending
    /// let same = GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222","smartAccount":"0x2222222222222222222222222222222222222222"}"#)?;
    /// assert!(matches!(gate.apply(&same), Err(GateError::SmartAccountIsEoa(_))));
    /// assert_eq!(gate.status(), GateStatus::Screening); // a refused event changes nothing
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply(&mut self, event: &GateEvent) -> Result<(), GateError> {
        match *event {
            GateEvent::Connected {
                wallet,
                smart_account,
            } => self.connect(wallet, smart_account),
            GateEvent::Screened {
                wallet,
                outcome,
                provider,
            } => self.screened(wallet, outcome, provider),
            GateEvent::ProviderError { wallet } => self.provider_error(wallet),
            GateEvent::Disconnected => {
                self.wallets.clear();
                Ok(())
            }
        }
    }

    /// Where the flow stands.
    ///
    /// ```
    /// use securepay::policy::GateStatus;
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
    /// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
    /// gate.apply(&GateEvent::from_str(r#"{"event":"screened","wallet":"0x2222222222222222222222222222222222222222","status":"approved"}"#)?)?;
    /// // A technical failure after the approval withdraws it (fail closed, no backup here).
    /// gate.apply(&GateEvent::from_str(r#"{"event":"provider_error","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
    /// assert_eq!(gate.status(), GateStatus::ProviderError);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn status(&self) -> GateStatus {
        let any =
            |wanted: fn(&WalletStatus) -> bool| self.wallets.iter().any(|w| wanted(&w.status));
        if self.wallets.is_empty() {
            GateStatus::WaitingForWallet
        } else if any(|s| *s == WalletStatus::NotAllowed) {
            GateStatus::NotAllowed
        } else if any(|s| *s == WalletStatus::Rejected) {
            GateStatus::Rejected
        } else if any(|s| *s == WalletStatus::ProviderError) {
            GateStatus::ProviderError
        } else if any(|s| matches!(s, WalletStatus::Pending(_))) {
            GateStatus::Screening
        } else {
            GateStatus::Approved
        }
    }

    /// The wallets of the current connection (EOA first).
    ///
    /// ```
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
    /// assert!(gate.wallets().is_empty());
    /// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222","smartAccount":"0x1111111111111111111111111111111111111111"}"#)?)?;
    /// let addresses: Vec<String> = gate.wallets().iter().map(|w| w.address.to_string()).collect();
    /// assert_eq!(addresses, ["0x2222222222222222222222222222222222222222", "0x1111111111111111111111111111111111111111"]); // EOA first
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn wallets(&self) -> &[WalletCheck] {
        &self.wallets
    }

    /// The state: status and wallets.
    ///
    /// ```
    /// use securepay::policy::GateStatus;
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
    /// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
    /// let state = gate.state();
    /// assert_eq!((state.status, state.wallets.len()), (GateStatus::Screening, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn state(&self) -> GateState {
        GateState {
            status: self.status(),
            wallets: self.wallets.clone(),
        }
    }

    /// What the wallet UI shows now.
    ///
    /// ```
    /// use securepay::policy::Stage;
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
    /// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#)?)?;
    /// assert_eq!(gate.view().stage(), Stage::Screening);
    /// gate.apply(&GateEvent::from_str(r#"{"event":"screened","wallet":"0x2222222222222222222222222222222222222222","status":"approved"}"#)?)?;
    /// assert_eq!(gate.view().stage(), Stage::Payment);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn view(&self) -> PayerView {
        PayerView::new(self.status(), self.hide_until_approved, self.payee)
    }

    /// Whether the payer may sign now: only when every wallet of the connection passed.
    ///
    /// ```
    /// # use securepay::policy::{doc_support, GateEvent};
    /// # let mut gate = doc_support::gate(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
    /// gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222","smartAccount":"0x1111111111111111111111111111111111111111"}"#)?)?;
    /// gate.apply(&GateEvent::from_str(r#"{"event":"screened","wallet":"0x2222222222222222222222222222222222222222","status":"approved"}"#)?)?;
    /// assert!(!gate.signing_enabled()); // both wallets must pass
    /// gate.apply(&GateEvent::from_str(r#"{"event":"screened","wallet":"0x1111111111111111111111111111111111111111","status":"approved"}"#)?)?;
    /// assert!(gate.signing_enabled());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn signing_enabled(&self) -> bool {
        self.status() == GateStatus::Approved
    }

    fn connect(
        &mut self,
        wallet: ChainAddress,
        smart_account: Option<ChainAddress>,
    ) -> Result<(), GateError> {
        let payee_kind = self.payee.address_for_transaction().kind();
        for address in std::iter::once(wallet).chain(smart_account) {
            if address.kind() != payee_kind {
                return Err(GateError::WrongWalletFamily {
                    wallet: address,
                    expected: payee_kind,
                });
            }
        }
        match smart_account {
            Some(account) if account.is_tron() => {
                return Err(GateError::SmartAccountOnTron(account));
            }
            Some(account) if account == wallet => {
                return Err(GateError::SmartAccountIsEoa(account));
            }
            _ => {}
        }
        let status = match self.screening {
            _ if !self.allowed.allows(&wallet) => WalletStatus::NotAllowed,
            Screening::Off => WalletStatus::Allowed,
            Screening::Kyt(provider) => WalletStatus::Pending(provider),
        };
        self.wallets = std::iter::once((wallet, WalletType::Eoa))
            .chain(smart_account.map(|a| (a, WalletType::SmartAccount)))
            .map(|(address, wallet_type)| WalletCheck {
                address,
                wallet_type,
                status,
            })
            .collect();
        Ok(())
    }

    fn wallet_mut(&mut self, wallet: ChainAddress) -> Result<&mut WalletCheck, GateError> {
        if self.wallets.is_empty() {
            return Err(GateError::NoWalletConnected);
        }
        let check = self
            .wallets
            .iter_mut()
            .find(|w| w.address == wallet)
            .ok_or(GateError::UnknownWallet(wallet))?;
        if matches!(
            check.status,
            WalletStatus::Allowed | WalletStatus::NotAllowed
        ) {
            return Err(GateError::NotBeingScreened(wallet));
        }
        Ok(check)
    }

    fn screened(
        &mut self,
        wallet: ChainAddress,
        outcome: ScreeningOutcome,
        provider: Option<ScreeningProvider>,
    ) -> Result<(), GateError> {
        let check = self.wallet_mut(wallet)?;
        match (outcome, check.status) {
            // A definitive rejection always wins, whoever reports it and whenever: fail closed.
            (ScreeningOutcome::Rejected, _) => check.status = WalletStatus::Rejected,
            (ScreeningOutcome::Approved, WalletStatus::Pending(expected)) => match provider {
                Some(given) if given != expected => {
                    return Err(GateError::StaleProvider {
                        wallet,
                        expected,
                        given,
                    });
                }
                _ => check.status = WalletStatus::Approved,
            },
            (ScreeningOutcome::Approved, _) => return Err(GateError::AlreadyDecided(wallet)),
        }
        Ok(())
    }

    fn provider_error(&mut self, wallet: ChainAddress) -> Result<(), GateError> {
        let primary = self.screening.provider();
        let backup = self.backup;
        let check = self.wallet_mut(wallet)?;
        check.status = match check.status {
            WalletStatus::Pending(failed) => {
                match super::plan::fallback(primary, backup, failed, ScreeningFailure::Technical) {
                    Some(next) => WalletStatus::Pending(next),
                    None => WalletStatus::ProviderError,
                }
            }
            // A failure after an approval withdraws it: fail closed.
            WalletStatus::Approved => WalletStatus::ProviderError,
            _ => return Err(GateError::AlreadyDecided(wallet)),
        };
        Ok(())
    }
}
