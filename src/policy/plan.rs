//! Client ID KYT plans: orchestrator-defined (1–2 providers, primary then backup) or
//! platform-defined; at most one per Client ID.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::plan_wire::{KytPlanWire, is_uuid};
use super::{AccessPolicyError, JsonError, Screening, ScreeningProvider};
use crate::wire::json::Object;

/// Why a KYT plan is malformed, or cannot be set.
///
/// ```
/// use securepay::policy::{KytPlan, KytPlanError};
///
/// let error = KytPlan::from_str(r#"{"definedBy": "orchestrator", "kyt": {"providers": []}}"#).unwrap_err();
/// assert_eq!(error, KytPlanError::NoProviders);
/// assert!(matches!(KytPlan::from_str(r#"{"definedBy": "platform", "mode": "inherit"}"#), Err(KytPlanError::InheritInPlan)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum KytPlanError {
    /// The input is empty or only whitespace.
    #[error(transparent)]
    Empty(#[from] crate::wire::EmptyInput),
    /// `kyt.providers` is empty.
    #[error(
        "kyt.providers is empty: list 1 or 2 providers, or omit kyt to give the platform control"
    )]
    NoProviders,
    /// `kyt.providers` has more than two entries.
    #[error("kyt.providers has {0} entries: a plan lists at most 2 (a primary and a backup)")]
    TooManyProviders(usize),
    /// The same provider twice in `kyt.providers`.
    #[error("kyt.providers lists {0} twice: entries must be unique")]
    DuplicateProvider(ScreeningProvider),
    /// A `policyId` that is not a UUID.
    #[error("kyt.providers[{index}].policyId {value:?} is not a UUID (8-4-4-4-12 hex digits)")]
    InvalidPolicyId {
        /// The position of the provider entry.
        index: usize,
        /// The value given.
        value: String,
    },
    /// An orchestrator-defined plan that does not screen: an orchestrator plan lists 1–2
    /// providers.
    #[error(
        "an orchestrator-defined KYT plan always screens (it lists 1 or 2 providers): mode off is not an orchestrator plan"
    )]
    OrchestratorPlanOff,
    /// Provider entries (`kyt`) on a platform-defined plan: providers are listed by an
    /// orchestrator's link intent.
    #[error(
        "kyt.providers belong to orchestrator-defined plans; a platform-defined plan has one mode and provider"
    )]
    ProvidersOnPlatformPlan,
    /// `mode: "inherit"` in a plan: a plan decides, it does not inherit.
    #[error("a KYT plan has mode off or kyt_all_wallets, never inherit")]
    InheritInPlan,
    /// Neither `mode` nor `kyt` was given.
    #[error("a KYT plan needs mode (off or kyt_all_wallets) or kyt.providers")]
    ModeRequired,
    /// `mode`/`screeningProvider` and `kyt.providers` say different things.
    #[error("the plan's mode and screeningProvider say {given}, but its kyt.providers say {kyt}")]
    KytDisagrees {
        /// What `mode`/`screeningProvider` say.
        given: String,
        /// What `kyt.providers` say (the first entry is the primary provider).
        kyt: String,
    },
    /// A plan of the other owner is already set for the Client ID.
    #[error(
        "this Client ID already has a {existing}-defined KYT plan; a Client ID has at most one plan, so a {new}-defined plan cannot be added"
    )]
    PlanAlreadyDefined {
        /// The owner of the plan in place.
        existing: PlanOwner,
        /// The owner of the plan refused.
        new: PlanOwner,
    },
    /// A `definedBy` outside `orchestrator`, `platform`.
    #[error("unknown plan owner {0:?}: expected orchestrator or platform")]
    UnknownOwner(String),
    /// The mode or provider is invalid.
    #[error(transparent)]
    Policy(#[from] AccessPolicyError),
    /// Not a plan object (not JSON, wrong JSON type, unknown field, a field given twice,
    /// missing `definedBy`). The `serde_json::Error` (line, column, category) is the
    /// [`source()`](std::error::Error::source).
    #[error("not a KYT plan object: {0}")]
    Json(#[source] JsonError),
}

/// Who defined a Client ID's KYT plan.
///
/// ```
/// use securepay::policy::{KytPlan, PlanOwner, Screening};
///
/// assert_eq!(KytPlan::platform(Screening::Off).owner(), PlanOwner::Platform);
/// assert_eq!(PlanOwner::Orchestrator.to_string(), "orchestrator");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlanOwner {
    /// The orchestrator that linked the Client ID (`x-orchestrator-key`); it cannot be
    /// overridden.
    Orchestrator,
    /// The platform.
    Platform,
}

impl PlanOwner {
    /// The wire text (`definedBy`).
    ///
    /// ```
    /// use securepay::policy::PlanOwner;
    ///
    /// assert_eq!(PlanOwner::Platform.as_str(), "platform");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            PlanOwner::Orchestrator => "orchestrator",
            PlanOwner::Platform => "platform",
        }
    }

    /// Parses `orchestrator` or `platform`.
    ///
    /// ```
    /// use securepay::policy::{KytPlanError, PlanOwner};
    ///
    /// assert_eq!(PlanOwner::parse("orchestrator")?, PlanOwner::Orchestrator);
    /// assert_eq!(PlanOwner::parse("merchant"), Err(KytPlanError::UnknownOwner("merchant".into())));
    /// # Ok::<(), KytPlanError>(())
    /// ```
    pub fn parse(text: &str) -> Result<PlanOwner, KytPlanError> {
        match text {
            "orchestrator" => Ok(PlanOwner::Orchestrator),
            "platform" => Ok(PlanOwner::Platform),
            other => Err(KytPlanError::UnknownOwner(other.to_owned())),
        }
    }
}

impl fmt::Display for PlanOwner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a screening attempt failed, for provider fallback.
///
/// ```
/// use securepay::policy::{KytPlan, KytProvider, ScreeningFailure};
/// use securepay::policy::ScreeningProvider::{Hypernative, MerkleScience};
///
/// let plan = KytPlan::orchestrator(vec![KytProvider::new(Hypernative, None)?, KytProvider::new(MerkleScience, None)?])?;
/// assert_eq!(plan.provider_after(Hypernative, ScreeningFailure::Technical), Some(MerkleScience));
/// assert_eq!(plan.provider_after(Hypernative, ScreeningFailure::Rejected), None); // definitive
/// # Ok::<(), securepay::policy::KytPlanError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScreeningFailure {
    /// The provider could not answer (a technical failure): the backup may be asked.
    Technical,
    /// The provider answered and rejected the wallet: definitive, no fallback.
    Rejected,
}

/// One entry of a link intent's `kyt.providers`: `{ provider, policyId? }`.
///
/// ```
/// use securepay::policy::{KytPlan, ScreeningProvider};
///
/// let plan = KytPlan::from_str(r#"{"definedBy": "orchestrator", "kyt": {"providers": [
///     {"provider": "hypernative", "policyId": "11111111-1111-4111-8111-111111111111"}]}}"#)?;
/// let entry = &plan.providers()[0];
/// assert_eq!(entry.provider(), ScreeningProvider::Hypernative);
/// assert_eq!(entry.policy_id(), Some("11111111-1111-4111-8111-111111111111"));
/// # Ok::<(), securepay::policy::KytPlanError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KytProvider {
    pub(super) provider: ScreeningProvider,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) policy_id: Option<String>,
}

impl KytProvider {
    /// A provider entry; `policy_id`, when given, must be a UUID (an error reports it at
    /// index 0, as the entry is not in a list yet).
    ///
    /// ```
    /// use securepay::policy::{KytPlanError, KytProvider, ScreeningProvider};
    ///
    /// let entry = KytProvider::new(ScreeningProvider::Hypernative, Some("11111111-1111-4111-8111-111111111111"))?;
    /// assert_eq!(entry.provider(), ScreeningProvider::Hypernative);
    /// let bad = KytProvider::new(ScreeningProvider::Hypernative, Some("policy-1"));
    /// assert_eq!(bad, Err(KytPlanError::InvalidPolicyId { index: 0, value: "policy-1".into() }));
    /// # Ok::<(), KytPlanError>(())
    /// ```
    pub fn new(provider: ScreeningProvider, policy_id: Option<&str>) -> Result<Self, KytPlanError> {
        if let Some(id) = policy_id.filter(|id| !is_uuid(id)) {
            return Err(KytPlanError::InvalidPolicyId {
                index: 0,
                value: id.to_owned(),
            });
        }
        Ok(KytProvider {
            provider,
            policy_id: policy_id.map(str::to_owned),
        })
    }

    /// The provider.
    ///
    /// ```
    /// use securepay::policy::{KytProvider, ScreeningProvider};
    ///
    /// assert_eq!(KytProvider::new(ScreeningProvider::MerkleScience, None)?.provider(), ScreeningProvider::MerkleScience);
    /// # Ok::<(), securepay::policy::KytPlanError>(())
    /// ```
    pub const fn provider(&self) -> ScreeningProvider {
        self.provider
    }

    /// The provider-side policy id, if given.
    ///
    /// ```
    /// use securepay::policy::{KytProvider, ScreeningProvider};
    ///
    /// assert_eq!(KytProvider::new(ScreeningProvider::MerkleScience, None)?.policy_id(), None);
    /// # Ok::<(), securepay::policy::KytPlanError>(())
    /// ```
    pub fn policy_id(&self) -> Option<&str> {
        self.policy_id.as_deref()
    }
}

/// A Client ID's KYT plan: it fixes `mode` and `screeningProvider` for every secure payment
/// the Client ID creates, and payments cannot set different values.
///
/// An orchestrator plan comes from a link intent's `kyt.providers` (1–2 unique entries): the
/// first is the primary provider; the second is a backup, asked only when the primary fails
/// technically, never after a definitive rejection. A platform plan is one screening (which
/// may be off).
///
/// ```
/// use securepay::policy::{KytPlan, ScreeningFailure, ScreeningProvider::{Hypernative, MerkleScience}};
///
/// let plan = KytPlan::from_str(r#"{"definedBy":"orchestrator","kyt":{"providers":[
///     {"provider":"hypernative","policyId":"11111111-1111-4111-8111-111111111111"},
///     {"provider":"merklescience"}]}}"#)?;
/// assert_eq!(plan.screening().provider(), Some(Hypernative));
/// assert_eq!(plan.provider_after(Hypernative, ScreeningFailure::Technical), Some(MerkleScience));
/// assert_eq!(plan.provider_after(Hypernative, ScreeningFailure::Rejected), None);
/// # Ok::<(), securepay::policy::KytPlanError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Deserialize)]
#[serde(try_from = "Object<KytPlanWire>")]
pub struct KytPlan {
    pub(super) owner: PlanOwner,
    pub(super) screening: Screening,
    pub(super) providers: Vec<KytProvider>,
}

impl KytPlan {
    /// An orchestrator-defined plan from its provider entries (1–2, unique).
    ///
    /// ```
    /// use securepay::policy::{KytPlan, KytPlanError, KytProvider};
    /// use securepay::policy::ScreeningProvider::Hypernative;
    ///
    /// let twice = vec![KytProvider::new(Hypernative, None)?, KytProvider::new(Hypernative, None)?];
    /// assert_eq!(KytPlan::orchestrator(twice), Err(KytPlanError::DuplicateProvider(Hypernative)));
    /// assert_eq!(KytPlan::orchestrator(vec![KytProvider::new(Hypernative, None)?])?.backup(), None);
    /// # Ok::<(), KytPlanError>(())
    /// ```
    pub fn orchestrator(providers: Vec<KytProvider>) -> Result<KytPlan, KytPlanError> {
        let (first, rest) = providers.split_first().ok_or(KytPlanError::NoProviders)?;
        if providers.len() > 2 {
            return Err(KytPlanError::TooManyProviders(providers.len()));
        }
        if let Some(duplicate) = rest.iter().find(|p| p.provider == first.provider) {
            return Err(KytPlanError::DuplicateProvider(duplicate.provider));
        }
        Ok(KytPlan {
            owner: PlanOwner::Orchestrator,
            screening: Screening::Kyt(first.provider),
            providers,
        })
    }

    /// A platform-defined plan.
    ///
    /// ```
    /// use securepay::policy::{KytPlan, Screening};
    ///
    /// let plan = KytPlan::platform(Screening::Off); // a platform plan may turn screening off
    /// assert_eq!(serde_json::to_string(&plan)?, r#"{"definedBy":"platform","mode":"off","screeningProvider":null}"#);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn platform(screening: Screening) -> KytPlan {
        KytPlan {
            owner: PlanOwner::Platform,
            screening,
            providers: Vec::new(),
        }
    }

    /// A plan of `owner` with one screening; an orchestrator plan must screen.
    ///
    /// ```
    /// use securepay::policy::{KytPlan, KytPlanError, PlanOwner, Screening, ScreeningProvider};
    ///
    /// let plan = KytPlan::new(PlanOwner::Orchestrator, Screening::Kyt(ScreeningProvider::Hypernative))?;
    /// assert_eq!(plan.providers().len(), 1);
    /// assert_eq!(KytPlan::new(PlanOwner::Orchestrator, Screening::Off), Err(KytPlanError::OrchestratorPlanOff));
    /// # Ok::<(), KytPlanError>(())
    /// ```
    pub fn new(owner: PlanOwner, screening: Screening) -> Result<KytPlan, KytPlanError> {
        match (owner, screening) {
            (PlanOwner::Platform, _) => Ok(KytPlan::platform(screening)),
            (PlanOwner::Orchestrator, Screening::Off) => Err(KytPlanError::OrchestratorPlanOff),
            (PlanOwner::Orchestrator, Screening::Kyt(provider)) => {
                KytPlan::orchestrator(vec![KytProvider {
                    provider,
                    policy_id: None,
                }])
            }
        }
    }

    /// Who defined the plan.
    ///
    /// ```
    /// use securepay::policy::{KytPlan, PlanOwner};
    ///
    /// let plan = KytPlan::from_str(r#"{"definedBy": "orchestrator", "mode": "kyt_all_wallets", "screeningProvider": "hypernative"}"#)?;
    /// assert_eq!(plan.owner(), PlanOwner::Orchestrator);
    /// # Ok::<(), securepay::policy::KytPlanError>(())
    /// ```
    pub const fn owner(&self) -> PlanOwner {
        self.owner
    }

    /// The screening the plan fixes (with its primary provider).
    ///
    /// ```
    /// use securepay::policy::{KytPlan, Screening, ScreeningProvider};
    ///
    /// let plan = KytPlan::from_str(r#"{"definedBy": "platform", "mode": "kyt_all_wallets", "screeningProvider": "merklescience"}"#)?;
    /// assert_eq!(plan.screening(), Screening::Kyt(ScreeningProvider::MerkleScience));
    /// # Ok::<(), securepay::policy::KytPlanError>(())
    /// ```
    pub const fn screening(&self) -> Screening {
        self.screening
    }

    /// The primary provider, when the plan screens.
    ///
    /// ```
    /// use securepay::policy::{KytPlan, Screening, ScreeningProvider};
    ///
    /// assert_eq!(KytPlan::platform(Screening::Kyt(ScreeningProvider::Hypernative)).primary(), Some(ScreeningProvider::Hypernative));
    /// assert_eq!(KytPlan::platform(Screening::Off).primary(), None);
    /// ```
    pub const fn primary(&self) -> Option<ScreeningProvider> {
        self.screening.provider()
    }

    /// The backup provider of an orchestrator plan that lists two.
    ///
    /// ```
    /// use securepay::policy::{KytPlan, ScreeningProvider};
    ///
    /// let plan = KytPlan::from_str(r#"{"definedBy": "orchestrator",
    ///     "kyt": {"providers": [{"provider": "merklescience"}, {"provider": "hypernative"}]}}"#)?;
    /// assert_eq!(plan.primary(), Some(ScreeningProvider::MerkleScience));
    /// assert_eq!(plan.backup(), Some(ScreeningProvider::Hypernative));
    /// # Ok::<(), securepay::policy::KytPlanError>(())
    /// ```
    pub fn backup(&self) -> Option<ScreeningProvider> {
        self.providers.get(1).map(KytProvider::provider)
    }

    /// The provider entries of an orchestrator plan (empty for a platform plan).
    ///
    /// ```
    /// use securepay::policy::{KytPlan, Screening, ScreeningProvider};
    ///
    /// assert!(KytPlan::platform(Screening::Kyt(ScreeningProvider::Hypernative)).providers().is_empty());
    /// ```
    pub fn providers(&self) -> &[KytProvider] {
        &self.providers
    }

    /// Who screens after `failed` failed with `failure`: the backup after a technical failure
    /// of the primary; nobody after a rejection, or after the backup failed.
    ///
    /// ```
    /// use securepay::policy::{KytPlan, ScreeningFailure};
    /// use securepay::policy::ScreeningProvider::{Hypernative, MerkleScience};
    ///
    /// let plan = KytPlan::from_str(r#"{"definedBy": "orchestrator",
    ///     "kyt": {"providers": [{"provider": "hypernative"}, {"provider": "merklescience"}]}}"#)?;
    /// assert_eq!(plan.provider_after(Hypernative, ScreeningFailure::Technical), Some(MerkleScience));
    /// // When the backup fails too, nobody is left: the payment fails closed.
    /// assert_eq!(plan.provider_after(MerkleScience, ScreeningFailure::Technical), None);
    /// # Ok::<(), securepay::policy::KytPlanError>(())
    /// ```
    pub fn provider_after(
        &self,
        failed: ScreeningProvider,
        failure: ScreeningFailure,
    ) -> Option<ScreeningProvider> {
        fallback(self.primary(), self.backup(), failed, failure)
    }
}

/// The provider fallback rule, shared by plans and resolved policies.
pub(super) fn fallback(
    primary: Option<ScreeningProvider>,
    backup: Option<ScreeningProvider>,
    failed: ScreeningProvider,
    failure: ScreeningFailure,
) -> Option<ScreeningProvider> {
    match failure {
        ScreeningFailure::Technical if primary == Some(failed) => backup,
        ScreeningFailure::Technical | ScreeningFailure::Rejected => None,
    }
}
