//! Resolution: which screening, privacy options and allowlist a new secure payment gets, and
//! which rule decided each field.

use serde::{Deserialize, Serialize, Serializer};

use super::plan::fallback;
use super::{
    AllowedPayers, DestinationPolicy, KytPlan, Mode, PaymentPolicy, PlanOwner, Screening,
    ScreeningFailure, ScreeningProvider,
};

/// Why a payment's `accessPolicy` cannot be used under the Client ID's KYT plan.
///
/// ```
/// use securepay::policy::{resolve, KytPlan, PaymentPolicy, ResolveError, Screening};
///
/// let plan = KytPlan::platform(Screening::Off);
/// let payment = PaymentPolicy::from_str(r#"{"hideUntilApproved": true}"#)?;
/// let error = resolve(Some(&plan), Some(&payment), None).unwrap_err();
/// assert!(matches!(error, ResolveError::PrivacyWithoutScreening { flag: "hideUntilApproved", .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ResolveError {
    /// The payment sets a `mode` other than the plan's.
    #[error(
        "the Client ID's {owner}-defined KYT plan fixes mode {plan}, but the payment's accessPolicy sets mode {payment}: omit mode (or use inherit) or set it to {plan}"
    )]
    ModeConflict {
        /// Who defined the plan.
        owner: PlanOwner,
        /// The plan's mode.
        plan: Mode,
        /// The payment's mode.
        payment: Mode,
    },
    /// The payment names a `screeningProvider` other than the plan's.
    #[error("the Client ID's {owner}-defined KYT plan fixes screeningProvider {}, but the payment's accessPolicy sets {payment}: omit screeningProvider or set it to the plan's", plan.map_or("none (screening off)", ScreeningProvider::as_str))]
    ProviderConflict {
        /// Who defined the plan.
        owner: PlanOwner,
        /// The plan's (primary) provider, `None` when the plan does not screen.
        plan: Option<ScreeningProvider>,
        /// The payment's provider.
        payment: ScreeningProvider,
    },
    /// The payment turns a privacy option on while the plan turns screening off: under a plan,
    /// a payment may set the privacy options only when screening is enabled.
    #[error(
        "the Client ID's {owner}-defined KYT plan turns screening off, so the payment's accessPolicy cannot set {flag}: true (privacy options are set per payment only when screening is enabled)"
    )]
    PrivacyWithoutScreening {
        /// Who defined the plan.
        owner: PlanOwner,
        /// `hideUntilApproved` or `hidePayeeAddress`.
        flag: &'static str,
    },
}

/// The rule that decided a field of a [`ResolvedPolicy`].
///
/// ```
/// use securepay::policy::{resolve, KytPlan, Screening, ScreeningProvider, Source};
///
/// let plan = KytPlan::platform(Screening::Kyt(ScreeningProvider::Hypernative));
/// let resolved = resolve(Some(&plan), None, None)?;
/// assert_eq!(resolved.provenance().mode, Source::PlatformPlan);
/// assert_eq!(serde_json::to_string(&Source::PlatformPlan)?, r#""platform_plan""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The Client ID's orchestrator-defined KYT plan.
    OrchestratorPlan,
    /// The Client ID's platform-defined KYT plan.
    PlatformPlan,
    /// The payment's `accessPolicy`.
    Payment,
    /// The payee destination's `accessPolicy`.
    Destination,
    /// Nothing set it: screening off, privacy options off, every wallet allowed.
    Default,
}

impl From<PlanOwner> for Source {
    fn from(owner: PlanOwner) -> Source {
        match owner {
            PlanOwner::Orchestrator => Source::OrchestratorPlan,
            PlanOwner::Platform => Source::PlatformPlan,
        }
    }
}

/// Which rule decided each field of a [`ResolvedPolicy`].
///
/// ```
/// use securepay::policy::{resolve, DestinationPolicy, Source};
///
/// let destination = DestinationPolicy::from_str(r#"{"hidePayeeAddress": true}"#)?;
/// let provenance = *resolve(None, None, Some(&destination))?.provenance();
/// assert_eq!((provenance.hide_payee_address, provenance.mode), (Source::Destination, Source::Default));
/// assert_eq!(serde_json::to_value(provenance)?["hidePayeeAddress"], "destination");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[non_exhaustive]
pub struct Provenance {
    /// Who decided `mode`.
    pub mode: Source,
    /// Who decided `screeningProvider` (the same rule as `mode`).
    pub screening_provider: Source,
    /// Who decided `hideUntilApproved`.
    pub hide_until_approved: Source,
    /// Who decided `hidePayeeAddress`.
    pub hide_payee_address: Source,
    /// Who decided `allowedPayerAddresses`.
    pub allowed_payer_addresses: Source,
}

/// The access configuration of one secure payment, resolved from the Client ID's plan, the
/// payment's `accessPolicy` and the destination's `accessPolicy` (see [`resolve`]).
///
/// Serialized as `{"mode", "screeningProvider", "backupScreeningProvider"?, "hideUntilApproved",
/// "hidePayeeAddress", "allowedPayerAddresses", "provenance"}`; `backupScreeningProvider`
/// appears only for an orchestrator plan with two providers. Reading it back (a stored
/// snapshot) is [`PolicySnapshot::from_str`](super::PolicySnapshot::from_str).
///
/// ```
/// use securepay::policy::{resolve, PaymentPolicy};
///
/// let payment = PaymentPolicy::from_str(r#"{"mode": "kyt_all_wallets", "screeningProvider": "merklescience"}"#)?;
/// let resolved = resolve(None, Some(&payment), None)?;
/// let json = serde_json::to_value(&resolved)?;
/// assert_eq!((json["mode"].as_str(), json["screeningProvider"].as_str()), (Some("kyt_all_wallets"), Some("merklescience")));
/// assert_eq!(json["allowedPayerAddresses"], serde_json::json!([])); // every wallet
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ResolvedPolicy {
    pub(super) screening: Screening,
    pub(super) backup: Option<ScreeningProvider>,
    pub(super) hide_until_approved: bool,
    pub(super) hide_payee_address: bool,
    pub(super) allowed_payers: AllowedPayers,
    pub(super) provenance: Provenance,
}

impl ResolvedPolicy {
    /// The screening (mode and primary provider).
    ///
    /// ```
    /// use securepay::policy::{resolve, Screening};
    ///
    /// assert_eq!(resolve(None, None, None)?.screening(), Screening::Off); // nothing set: no screening
    /// # Ok::<(), securepay::policy::ResolveError>(())
    /// ```
    pub const fn screening(&self) -> Screening {
        self.screening
    }

    /// The backup provider, asked only after a technical failure of the primary.
    ///
    /// ```
    /// use securepay::policy::{resolve, KytPlan};
    /// use securepay::policy::ScreeningProvider::MerkleScience;
    ///
    /// let plan = KytPlan::from_str(r#"{"definedBy": "orchestrator",
    ///     "kyt": {"providers": [{"provider": "hypernative"}, {"provider": "merklescience"}]}}"#)?;
    /// assert_eq!(resolve(Some(&plan), None, None)?.backup_provider(), Some(MerkleScience));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn backup_provider(&self) -> Option<ScreeningProvider> {
        self.backup
    }

    /// Whether amount, currency and recipient stay hidden until the payer's wallet has passed.
    ///
    /// ```
    /// use securepay::policy::{resolve, DestinationPolicy, PaymentPolicy};
    ///
    /// let destination = DestinationPolicy::from_str(r#"{"hideUntilApproved": true}"#)?;
    /// let payment = PaymentPolicy::from_str(r#"{"hideUntilApproved": false}"#)?;
    /// assert!(resolve(None, None, Some(&destination))?.hide_until_approved());
    /// assert!(!resolve(None, Some(&payment), Some(&destination))?.hide_until_approved()); // the payment wins
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn hide_until_approved(&self) -> bool {
        self.hide_until_approved
    }

    /// Whether the payee address is masked in the whole payer flow.
    ///
    /// ```
    /// use securepay::policy::{resolve, PaymentPolicy};
    ///
    /// let payment = PaymentPolicy::from_str(r#"{"hidePayeeAddress": true}"#)?;
    /// assert!(resolve(None, Some(&payment), None)?.hide_payee_address());
    /// assert!(!resolve(None, None, None)?.hide_payee_address());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn hide_payee_address(&self) -> bool {
        self.hide_payee_address
    }

    /// The payer allowlist (empty: every wallet).
    ///
    /// ```
    /// use securepay::policy::{resolve, PaymentPolicy};
    ///
    /// let payment = PaymentPolicy::from_str(r#"{"allowedPayerAddresses": ["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"]}"#)?;
    /// let resolved = resolve(None, Some(&payment), None)?;
    /// assert!(resolved.allowed_payers().allows(&"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".parse()?));
    /// assert!(resolve(None, None, None)?.allowed_payers().is_everyone());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn allowed_payers(&self) -> &AllowedPayers {
        &self.allowed_payers
    }

    /// Which rule decided each field.
    ///
    /// ```
    /// use securepay::policy::{resolve, PaymentPolicy, Source};
    ///
    /// let payment = PaymentPolicy::from_str(r#"{"mode": "off"}"#)?;
    /// let resolved = resolve(None, Some(&payment), None)?;
    /// assert_eq!(resolved.provenance().screening_provider, Source::Payment);
    /// assert_eq!(resolved.provenance().hide_until_approved, Source::Default);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn provenance(&self) -> &Provenance {
        &self.provenance
    }

    /// Who screens after `failed` failed with `failure` (see [`KytPlan::provider_after`]).
    ///
    /// ```
    /// use securepay::policy::{resolve, PaymentPolicy, ScreeningFailure};
    /// use securepay::policy::ScreeningProvider::Hypernative;
    ///
    /// let payment = PaymentPolicy::from_str(r#"{"mode": "kyt_all_wallets", "screeningProvider": "hypernative"}"#)?;
    /// let resolved = resolve(None, Some(&payment), None)?;
    /// // A payment's own policy names one provider: no backup after a technical failure.
    /// assert_eq!(resolved.provider_after(Hypernative, ScreeningFailure::Technical), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn provider_after(
        &self,
        failed: ScreeningProvider,
        failure: ScreeningFailure,
    ) -> Option<ScreeningProvider> {
        fallback(self.screening.provider(), self.backup, failed, failure)
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ResolvedWire<'a> {
    mode: Mode,
    screening_provider: Option<ScreeningProvider>,
    #[serde(skip_serializing_if = "Option::is_none")]
    backup_screening_provider: Option<ScreeningProvider>,
    hide_until_approved: bool,
    hide_payee_address: bool,
    allowed_payer_addresses: &'a AllowedPayers,
    provenance: &'a Provenance,
}

impl Serialize for ResolvedPolicy {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ResolvedWire {
            mode: self.screening.mode(),
            screening_provider: self.screening.provider(),
            backup_screening_provider: self.backup,
            hide_until_approved: self.hide_until_approved,
            hide_payee_address: self.hide_payee_address,
            allowed_payer_addresses: &self.allowed_payers,
            provenance: &self.provenance,
        }
        .serialize(serializer)
    }
}

/// Resolves the access configuration of a new secure payment.
///
/// `mode` and `screeningProvider`, in this order:
/// 1. the Client ID's KYT plan (orchestrator- or platform-defined; at most one): a payment
///    that sets a *different* `mode` or `screeningProvider` is a [`ResolveError`]; the same
///    values, `inherit`, or nothing are accepted;
/// 2. otherwise the payment's `accessPolicy`, when it sets `mode` `off` or `kyt_all_wallets`;
/// 3. otherwise the destination's `accessPolicy`, when it sets `mode`;
/// 4. otherwise no screening.
///
/// The plan fixes only `mode` and `screeningProvider`. Each privacy option is the payment's
/// value when it sets one, else the destination's, else `false`; under a plan that turns
/// screening off, a payment may not turn a privacy option on (`false` is accepted and
/// ignored). `allowedPayerAddresses` is the payment's list, else every wallet.
///
/// ```
/// use securepay::policy::{resolve, DestinationPolicy, KytPlan, PaymentPolicy, ResolveError, Screening, Source};
/// use securepay::policy::ScreeningProvider::{Hypernative, MerkleScience};
///
/// let destination = DestinationPolicy::from_str(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative","hidePayeeAddress":true}"#)?;
/// let payment = PaymentPolicy::from_str(r#"{"allowedPayerAddresses":["0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B"]}"#)?;
/// let resolved = resolve(None, Some(&payment), Some(&destination))?;
/// assert_eq!(resolved.screening(), Screening::Kyt(Hypernative));
/// assert_eq!(resolved.provenance().mode, Source::Destination);
/// assert_eq!(resolved.provenance().allowed_payer_addresses, Source::Payment);
///
/// let plan = KytPlan::platform(Screening::Kyt(Hypernative));
/// let other = PaymentPolicy::from_str(r#"{"mode":"kyt_all_wallets","screeningProvider":"merklescience"}"#)?;
/// assert!(matches!(resolve(Some(&plan), Some(&other), None), Err(ResolveError::ProviderConflict { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn resolve(
    plan: Option<&KytPlan>,
    payment: Option<&PaymentPolicy>,
    destination: Option<&DestinationPolicy>,
) -> Result<ResolvedPolicy, ResolveError> {
    let (screening, backup, screening_source) = match plan {
        Some(plan) => {
            check_against_plan(plan, payment)?;
            (plan.screening(), plan.backup(), Source::from(plan.owner()))
        }
        None => match (
            payment.and_then(PaymentPolicy::sets_screening),
            destination.and_then(DestinationPolicy::sets_screening),
        ) {
            (Some(screening), _) => (screening, None, Source::Payment),
            (None, Some(screening)) => (screening, None, Source::Destination),
            (None, None) => (Screening::Off, None, Source::Default),
        },
    };
    let plan_turns_screening_off = plan
        .filter(|p| !p.screening().is_enabled())
        .map(KytPlan::owner);
    let privacy = |name: &'static str,
                   from_payment: Option<bool>,
                   from_destination: Option<bool>|
     -> Result<(bool, Source), ResolveError> {
        match (from_payment, plan_turns_screening_off) {
            (Some(true), Some(owner)) => {
                return Err(ResolveError::PrivacyWithoutScreening { owner, flag: name });
            }
            (Some(value), None) => return Ok((value, Source::Payment)),
            (Some(false), Some(_)) | (None, _) => {}
        }
        Ok(match from_destination {
            Some(value) => (value, Source::Destination),
            None => (false, Source::Default),
        })
    };
    let (hide_until_approved, hide_until_approved_source) = privacy(
        "hideUntilApproved",
        payment.and_then(PaymentPolicy::hide_until_approved),
        destination.and_then(DestinationPolicy::hide_until_approved),
    )?;
    let (hide_payee_address, hide_payee_address_source) = privacy(
        "hidePayeeAddress",
        payment.and_then(PaymentPolicy::hide_payee_address),
        destination.and_then(DestinationPolicy::hide_payee_address),
    )?;
    let (allowed_payers, allowlist_source) = match payment.and_then(PaymentPolicy::allowed_payers) {
        Some(list) => (list.clone(), Source::Payment),
        None => (AllowedPayers::everyone(), Source::Default),
    };
    Ok(ResolvedPolicy {
        screening,
        backup,
        hide_until_approved,
        hide_payee_address,
        allowed_payers,
        provenance: Provenance {
            mode: screening_source,
            screening_provider: screening_source,
            hide_until_approved: hide_until_approved_source,
            hide_payee_address: hide_payee_address_source,
            allowed_payer_addresses: allowlist_source,
        },
    })
}

/// A payment under a plan may repeat the plan's `mode` and provider, or leave them out; any
/// other value is refused.
fn check_against_plan(plan: &KytPlan, payment: Option<&PaymentPolicy>) -> Result<(), ResolveError> {
    let Some(payment) = payment else {
        return Ok(());
    };
    let owner = plan.owner();
    match payment.mode() {
        Some(Mode::Inherit) | None => {}
        Some(mode) if mode == plan.screening().mode() => {}
        Some(mode) => {
            return Err(ResolveError::ModeConflict {
                owner,
                plan: plan.screening().mode(),
                payment: mode,
            });
        }
    }
    match payment.screening_provider() {
        Some(provider) if plan.primary() != Some(provider) => Err(ResolveError::ProviderConflict {
            owner,
            plan: plan.primary(),
            payment: provider,
        }),
        _ => Ok(()),
    }
}
