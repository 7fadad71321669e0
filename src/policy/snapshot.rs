//! The configuration stored with a secure payment at creation, and the current settings new
//! payments are resolved from.

use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;

use super::{
    AccessPolicyError, AllowedPayers, DestinationPolicy, JsonError, KytPlan, KytPlanError, Mode,
    PaymentPolicy, Provenance, ResolveError, ResolvedPolicy, Screening, ScreeningProvider, resolve,
};
use crate::wire::json::{Object, present};

/// Why a stored snapshot cannot be read back. The shape of the JSON is checked first (a
/// [`SnapshotError::Json`] error), then the fields' presence and meaning.
///
/// ```
/// use securepay::policy::{PolicySnapshot, ScreeningProvider, SnapshotError};
///
/// let stored = r#"{"mode": "kyt_all_wallets", "screeningProvider": "hypernative", "backupScreeningProvider": "hypernative",
///     "hideUntilApproved": false, "hidePayeeAddress": false, "allowedPayerAddresses": [],
///     "provenance": {"mode": "payment", "screeningProvider": "payment", "hideUntilApproved": "default",
///                    "hidePayeeAddress": "default", "allowedPayerAddresses": "default"}}"#;
/// let error = PolicySnapshot::from_str(stored).unwrap_err();
/// assert_eq!(error, SnapshotError::BackupIsPrimary(ScreeningProvider::Hypernative));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SnapshotError {
    /// The input is empty or only whitespace.
    #[error(transparent)]
    Empty(#[from] crate::wire::EmptyInput),
    /// A field is missing.
    #[error("stored access policy: missing field {0}")]
    Missing(&'static str),
    /// A `mode`, provider or allowlist entry is invalid.
    #[error("stored access policy: {0}")]
    Policy(#[from] AccessPolicyError),
    /// A backup provider without screening.
    #[error("stored access policy: backupScreeningProvider {0} is set but mode is off")]
    BackupWithoutScreening(ScreeningProvider),
    /// The backup provider is the primary provider.
    #[error(
        "stored access policy: backupScreeningProvider {0} is also the primary screeningProvider"
    )]
    BackupIsPrimary(ScreeningProvider),
    /// Not a stored snapshot (not JSON, wrong JSON type, unknown field, a field given twice,
    /// an invalid allowlist entry or provenance). The `serde_json::Error` (line, column,
    /// category) is the [`source()`](std::error::Error::source).
    #[error("stored access policy: {0}")]
    Json(#[source] JsonError),
}

/// The resolved access configuration stored with a secure payment when it is created.
///
/// It is an owned value, not a view of the settings it came from: later changes to the
/// destination's policy or to the Client ID's plan ([`PolicySettings`]) affect only payments
/// created afterwards. It has no setters; it can be written (serde, the shape of
/// [`ResolvedPolicy`]) and read back with validation.
///
/// ```
/// use securepay::policy::{DestinationPolicy, PolicySettings, Screening, ScreeningProvider};
///
/// let mut settings = PolicySettings::new();
/// settings.set_destination_policy(Some(DestinationPolicy::from_str(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?));
/// let existing = settings.create_payment(None)?;
///
/// settings.set_destination_policy(Some(DestinationPolicy::from_str(r#"{"mode":"off"}"#)?));
/// let new = settings.create_payment(None)?;
///
/// assert_eq!(existing.policy().screening(), Screening::Kyt(ScreeningProvider::Hypernative));
/// assert_eq!(new.policy().screening(), Screening::Off);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Deserialize)]
#[serde(try_from = "Object<SnapshotWire>")]
pub struct PolicySnapshot(ResolvedPolicy);

impl PolicySnapshot {
    /// Resolves (see [`resolve`]) and keeps the result.
    ///
    /// ```
    /// use securepay::policy::{PaymentPolicy, PolicySnapshot, Screening, ScreeningProvider};
    ///
    /// let payment = PaymentPolicy::from_str(r#"{"mode": "kyt_all_wallets", "screeningProvider": "hypernative"}"#)?;
    /// let snapshot = PolicySnapshot::take(None, Some(&payment), None)?;
    /// assert_eq!(snapshot.policy().screening(), Screening::Kyt(ScreeningProvider::Hypernative));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn take(
        plan: Option<&KytPlan>,
        payment: Option<&PaymentPolicy>,
        destination: Option<&DestinationPolicy>,
    ) -> Result<PolicySnapshot, ResolveError> {
        resolve(plan, payment, destination).map(PolicySnapshot)
    }

    /// The stored configuration.
    ///
    /// ```
    /// use securepay::policy::PolicySnapshot;
    ///
    /// let snapshot = PolicySnapshot::take(None, None, None)?;
    /// assert!(!snapshot.policy().hide_payee_address());
    /// assert!(snapshot.policy().allowed_payers().is_everyone());
    /// # Ok::<(), securepay::policy::ResolveError>(())
    /// ```
    pub const fn policy(&self) -> &ResolvedPolicy {
        &self.0
    }

    /// Reads a stored snapshot (JSON text written by its `Serialize`).
    ///
    /// ```
    /// use securepay::policy::PolicySnapshot;
    ///
    /// let snapshot = PolicySnapshot::take(None, None, None)?;
    /// let stored = serde_json::to_string(&snapshot)?;
    /// assert_eq!(PolicySnapshot::from_str(&stored)?, snapshot); // read back as written
    /// assert!(PolicySnapshot::from_str(r#"{"mode": "off"}"#).is_err()); // fields are missing
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_str(text: &str) -> Result<PolicySnapshot, SnapshotError> {
        crate::wire::EmptyInput::check(
            text.as_bytes(),
            "a stored policy snapshot (a JSON object)",
        )?;
        serde_json::from_str::<Object<SnapshotWire>>(text)
            .map_err(|e| SnapshotError::Json(e.into()))?
            .try_into()
    }

    /// Reads a stored snapshot from a JSON value.
    ///
    /// ```
    /// use serde_json::json;
    /// use securepay::policy::{PolicySnapshot, SnapshotError};
    ///
    /// let mut stored = serde_json::to_value(PolicySnapshot::take(None, None, None)?)?;
    /// assert!(PolicySnapshot::from_value(&stored).is_ok());
    /// stored["mode"] = json!("inherit"); // a stored configuration is resolved: never inherit
    /// assert!(matches!(PolicySnapshot::from_value(&stored), Err(SnapshotError::Policy(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_value(value: &Value) -> Result<PolicySnapshot, SnapshotError> {
        Object::<SnapshotWire>::deserialize(value)
            .map_err(|e| SnapshotError::Json(e.into()))?
            .try_into()
    }
}

/// A stored snapshot as read: every field optional, so that a missing one is
/// [`SnapshotError::Missing`]; `mode` and the providers still text, so that an unknown value is
/// a [`SnapshotError::Policy`] error.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SnapshotWire {
    #[serde(default, deserialize_with = "present")]
    mode: Option<String>,
    #[serde(default)]
    screening_provider: Option<String>,
    #[serde(default)]
    backup_screening_provider: Option<String>,
    #[serde(default, deserialize_with = "present")]
    hide_until_approved: Option<bool>,
    #[serde(default, deserialize_with = "present")]
    hide_payee_address: Option<bool>,
    #[serde(default, deserialize_with = "present")]
    allowed_payer_addresses: Option<AllowedPayers>,
    #[serde(default, deserialize_with = "present")]
    provenance: Option<Object<Provenance>>,
}

impl TryFrom<Object<SnapshotWire>> for PolicySnapshot {
    type Error = SnapshotError;

    fn try_from(Object(wire): Object<SnapshotWire>) -> Result<PolicySnapshot, SnapshotError> {
        fn required<T>(value: Option<T>, name: &'static str) -> Result<T, SnapshotError> {
            value.ok_or(SnapshotError::Missing(name))
        }
        let provider = |text: Option<String>| -> Result<_, AccessPolicyError> {
            text.as_deref()
                .map(str::parse::<ScreeningProvider>)
                .transpose()
        };
        let mode: Mode = required(wire.mode, "mode")?.parse()?;
        let screening = Screening::from_parts(mode, provider(wire.screening_provider)?)?;
        let backup = provider(wire.backup_screening_provider)?;
        match (backup, screening) {
            (Some(b), Screening::Off) => return Err(SnapshotError::BackupWithoutScreening(b)),
            (Some(b), Screening::Kyt(primary)) if b == primary => {
                return Err(SnapshotError::BackupIsPrimary(b));
            }
            _ => {}
        }
        let allowed_payers = required(wire.allowed_payer_addresses, "allowedPayerAddresses")?;
        let Object(provenance) = required(wire.provenance, "provenance")?;
        Ok(PolicySnapshot(ResolvedPolicy {
            screening,
            backup,
            hide_until_approved: required(wire.hide_until_approved, "hideUntilApproved")?,
            hide_payee_address: required(wire.hide_payee_address, "hidePayeeAddress")?,
            allowed_payers,
            provenance,
        }))
    }
}

impl From<PolicySnapshot> for ResolvedPolicy {
    fn from(snapshot: PolicySnapshot) -> ResolvedPolicy {
        snapshot.0
    }
}

impl Serialize for PolicySnapshot {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// The current settings new secure payments are resolved from: the Client ID's KYT plan (at
/// most one) and the bound destination's `accessPolicy`.
///
/// Changing them never touches a [`PolicySnapshot`] already taken.
///
/// ```
/// use securepay::policy::{KytPlan, PaymentPolicy, PolicySettings, ResolveError, Screening, ScreeningProvider};
///
/// let mut settings = PolicySettings::new();
/// settings.set_plan(KytPlan::platform(Screening::Kyt(ScreeningProvider::Hypernative)))?;
/// let payment = PaymentPolicy::from_str(r#"{"mode": "off"}"#)?;
/// // The plan fixes the mode: a payment cannot turn screening off.
/// assert!(matches!(settings.create_payment(Some(&payment)), Err(ResolveError::ModeConflict { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PolicySettings {
    plan: Option<KytPlan>,
    destination: Option<DestinationPolicy>,
}

impl PolicySettings {
    /// No plan, no destination policy.
    ///
    /// ```
    /// use securepay::policy::{PolicySettings, Screening};
    ///
    /// let settings = PolicySettings::new();
    /// assert!(settings.plan().is_none() && settings.destination_policy().is_none());
    /// assert_eq!(settings.create_payment(None)?.policy().screening(), Screening::Off);
    /// # Ok::<(), securepay::policy::ResolveError>(())
    /// ```
    pub fn new() -> PolicySettings {
        PolicySettings::default()
    }

    /// The Client ID's plan.
    ///
    /// ```
    /// use securepay::policy::{KytPlan, PlanOwner, PolicySettings, Screening};
    ///
    /// let mut settings = PolicySettings::new();
    /// settings.set_plan(KytPlan::platform(Screening::Off))?;
    /// assert_eq!(settings.plan().map(KytPlan::owner), Some(PlanOwner::Platform));
    /// # Ok::<(), securepay::policy::KytPlanError>(())
    /// ```
    pub const fn plan(&self) -> Option<&KytPlan> {
        self.plan.as_ref()
    }

    /// The destination's policy.
    ///
    /// ```
    /// use securepay::policy::{DestinationPolicy, PolicySettings};
    ///
    /// let mut settings = PolicySettings::new();
    /// settings.set_destination_policy(Some(DestinationPolicy::from_str(r#"{"hidePayeeAddress": true}"#)?));
    /// assert_eq!(settings.destination_policy().and_then(|p| p.hide_payee_address()), Some(true));
    /// # Ok::<(), securepay::policy::AccessPolicyError>(())
    /// ```
    pub const fn destination_policy(&self) -> Option<&DestinationPolicy> {
        self.destination.as_ref()
    }

    /// Sets the Client ID's plan. A plan of the same owner replaces the current one; a plan
    /// of the other owner is refused ([`KytPlanError::PlanAlreadyDefined`]): a Client ID has at
    /// most one plan, orchestrator- or platform-defined, never both. Remove the current plan
    /// first with [`PolicySettings::remove_plan`].
    ///
    /// ```
    /// use securepay::policy::{KytPlan, KytPlanError, PlanOwner, PolicySettings, Screening, ScreeningProvider};
    ///
    /// let mut settings = PolicySettings::new();
    /// settings.set_plan(KytPlan::new(PlanOwner::Orchestrator, Screening::Kyt(ScreeningProvider::Hypernative))?)?;
    /// assert_eq!(
    ///     settings.set_plan(KytPlan::platform(Screening::Off)),
    ///     Err(KytPlanError::PlanAlreadyDefined { existing: PlanOwner::Orchestrator, new: PlanOwner::Platform }),
    /// );
    /// # Ok::<(), KytPlanError>(())
    /// ```
    pub fn set_plan(&mut self, plan: KytPlan) -> Result<(), KytPlanError> {
        match &self.plan {
            Some(existing) if existing.owner() != plan.owner() => {
                Err(KytPlanError::PlanAlreadyDefined {
                    existing: existing.owner(),
                    new: plan.owner(),
                })
            }
            _ => {
                self.plan = Some(plan);
                Ok(())
            }
        }
    }

    /// Removes the Client ID's plan, returning it.
    ///
    /// ```
    /// use securepay::policy::{KytPlan, PolicySettings, Screening};
    ///
    /// let mut settings = PolicySettings::new();
    /// settings.set_plan(KytPlan::platform(Screening::Off))?;
    /// assert_eq!(settings.remove_plan(), Some(KytPlan::platform(Screening::Off)));
    /// assert_eq!(settings.plan(), None); // a plan of another owner may now be set
    /// # Ok::<(), securepay::policy::KytPlanError>(())
    /// ```
    pub fn remove_plan(&mut self) -> Option<KytPlan> {
        self.plan.take()
    }

    /// Sets (or, with `None`, removes) the destination's policy (`PUT /v1/payee-destination`).
    ///
    /// ```
    /// use securepay::policy::{DestinationPolicy, PolicySettings};
    ///
    /// let mut settings = PolicySettings::new();
    /// settings.set_destination_policy(Some(DestinationPolicy::from_str(r#"{"hideUntilApproved": true}"#)?));
    /// let hidden = settings.create_payment(None)?;
    /// settings.set_destination_policy(None);
    /// assert!(hidden.policy().hide_until_approved()); // taken before the change
    /// assert!(!settings.create_payment(None)?.policy().hide_until_approved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_destination_policy(&mut self, policy: Option<DestinationPolicy>) {
        self.destination = policy;
    }

    /// Creates a payment: resolves its configuration from the current settings and the
    /// payment's own `accessPolicy`, and returns the snapshot to store with it.
    ///
    /// ```
    /// use securepay::policy::{DestinationPolicy, PaymentPolicy, PolicySettings, Source};
    ///
    /// let mut settings = PolicySettings::new();
    /// settings.set_destination_policy(Some(DestinationPolicy::from_str(r#"{"mode": "kyt_all_wallets", "screeningProvider": "hypernative"}"#)?));
    /// let payment = PaymentPolicy::from_str(r#"{"mode": "inherit", "hidePayeeAddress": true}"#)?;
    /// let snapshot = settings.create_payment(Some(&payment))?;
    /// assert_eq!(snapshot.policy().provenance().mode, Source::Destination);
    /// assert_eq!(snapshot.policy().provenance().hide_payee_address, Source::Payment);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create_payment(
        &self,
        payment: Option<&PaymentPolicy>,
    ) -> Result<PolicySnapshot, ResolveError> {
        PolicySnapshot::take(self.plan.as_ref(), payment, self.destination.as_ref())
    }
}
