//! The configuration stored with a secure payment at creation, and the current settings new
//! payments are resolved from.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::{
    resolve, AccessPolicyError, AllowedPayers, DestinationPolicy, KytPlan, KytPlanError, Mode,
    PaymentPolicy, Provenance, ResolveError, ResolvedPolicy, Screening, ScreeningProvider,
};

/// Why a stored snapshot cannot be read back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SnapshotError {
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
    /// Not a stored snapshot (wrong JSON type, unknown field).
    #[error("stored access policy: {0}")]
    Json(String),
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
/// settings.set_destination_policy(Some(DestinationPolicy::from_json(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?));
/// let existing = settings.create_payment(None)?;
///
/// settings.set_destination_policy(Some(DestinationPolicy::from_json(r#"{"mode":"off"}"#)?));
/// let new = settings.create_payment(None)?;
///
/// assert_eq!(existing.policy().screening(), Screening::Kyt(ScreeningProvider::Hypernative));
/// assert_eq!(new.policy().screening(), Screening::Off);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PolicySnapshot(ResolvedPolicy);

impl PolicySnapshot {
    /// Resolves (see [`resolve`]) and keeps the result.
    pub fn take(
        plan: Option<&KytPlan>,
        payment: Option<&PaymentPolicy>,
        destination: Option<&DestinationPolicy>,
    ) -> Result<PolicySnapshot, ResolveError> {
        resolve(plan, payment, destination).map(PolicySnapshot)
    }

    /// The stored configuration.
    pub const fn policy(&self) -> &ResolvedPolicy {
        &self.0
    }

    /// Reads a stored snapshot (JSON text written by its `Serialize`).
    pub fn from_json(text: &str) -> Result<PolicySnapshot, SnapshotError> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| SnapshotError::Json(e.to_string()))?;
        PolicySnapshot::from_value(&value)
    }

    /// Reads a stored snapshot from a JSON value.
    pub fn from_value(value: &Value) -> Result<PolicySnapshot, SnapshotError> {
        const FIELDS: [&str; 7] = [
            "mode",
            "screeningProvider",
            "backupScreeningProvider",
            "hideUntilApproved",
            "hidePayeeAddress",
            "allowedPayerAddresses",
            "provenance",
        ];
        let json = |message: String| SnapshotError::Json(message);
        let object = value
            .as_object()
            .ok_or_else(|| json(format!("expected a JSON object, found {value}")))?;
        if let Some(unknown) = object.keys().find(|k| !FIELDS.contains(&k.as_str())) {
            return Err(json(format!("unknown field {unknown:?}")));
        }
        let field = |name: &'static str| object.get(name).ok_or(SnapshotError::Missing(name));
        let text = |name: &'static str, v: &Value| {
            v.as_str()
                .map(str::to_owned)
                .ok_or_else(|| json(format!("{name} must be a string, found {v}")))
        };
        let flag = |name: &'static str| {
            let v = field(name)?;
            v.as_bool()
                .ok_or_else(|| json(format!("{name} must be true or false, found {v}")))
        };
        let provider = |name: &'static str| -> Result<Option<ScreeningProvider>, SnapshotError> {
            match object.get(name) {
                None | Some(Value::Null) => Ok(None),
                Some(v) => Ok(Some(text(name, v)?.parse()?)),
            }
        };
        let mode: Mode = text("mode", field("mode")?)?.parse()?;
        let screening = Screening::from_parts(mode, provider("screeningProvider")?)?;
        let backup = provider("backupScreeningProvider")?;
        match (backup, screening) {
            (Some(b), Screening::Off) => return Err(SnapshotError::BackupWithoutScreening(b)),
            (Some(b), Screening::Kyt(primary)) if b == primary => {
                return Err(SnapshotError::BackupIsPrimary(b))
            }
            _ => {}
        }
        let allowed_payers = AllowedPayers::deserialize(field("allowedPayerAddresses")?)
            .map_err(|e| json(format!("allowedPayerAddresses: {e}")))?;
        let provenance = Provenance::deserialize(field("provenance")?)
            .map_err(|e| json(format!("provenance: {e}")))?;
        Ok(PolicySnapshot(ResolvedPolicy {
            screening,
            backup,
            hide_until_approved: flag("hideUntilApproved")?,
            hide_payee_address: flag("hidePayeeAddress")?,
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

impl<'de> Deserialize<'de> for PolicySnapshot {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        PolicySnapshot::from_value(&value).map_err(serde::de::Error::custom)
    }
}

/// The current settings new secure payments are resolved from: the Client ID's KYT plan (at
/// most one) and the bound destination's `accessPolicy`.
///
/// Changing them never touches a [`PolicySnapshot`] already taken.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PolicySettings {
    plan: Option<KytPlan>,
    destination: Option<DestinationPolicy>,
}

impl PolicySettings {
    /// No plan, no destination policy.
    pub fn new() -> PolicySettings {
        PolicySettings::default()
    }

    /// The Client ID's plan.
    pub const fn plan(&self) -> Option<&KytPlan> {
        self.plan.as_ref()
    }

    /// The destination's policy.
    pub const fn destination_policy(&self) -> Option<&DestinationPolicy> {
        self.destination.as_ref()
    }

    /// Sets the Client ID's plan. A plan of the same owner replaces the current one; a plan
    /// of the other owner is refused ([`KytPlanError::PlanAlreadyDefined`]): a Client ID has at
    /// most one plan, orchestrator- or platform-defined, never both. Remove the current plan
    /// first with [`PolicySettings::remove_plan`].
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
    pub fn remove_plan(&mut self) -> Option<KytPlan> {
        self.plan.take()
    }

    /// Sets (or, with `None`, removes) the destination's policy (`PUT /v1/payee-destination`).
    pub fn set_destination_policy(&mut self, policy: Option<DestinationPolicy>) {
        self.destination = policy;
    }

    /// Creates a payment: resolves its configuration from the current settings and the
    /// payment's own `accessPolicy`, and returns the snapshot to store with it.
    pub fn create_payment(
        &self,
        payment: Option<&PaymentPolicy>,
    ) -> Result<PolicySnapshot, ResolveError> {
        PolicySnapshot::take(self.plan.as_ref(), payment, self.destination.as_ref())
    }
}
