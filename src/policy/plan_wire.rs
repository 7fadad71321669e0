//! The JSON form of a KYT plan: `{"definedBy", "mode", "screeningProvider"}` and, for
//! orchestrator plans, the link intent's `kyt` object.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{
    AccessPolicyError, KytPlan, KytPlanError, KytProvider, Mode, PlanOwner, Screening,
    ScreeningProvider,
};
use crate::wire::json::{Object, present};

/// A plan as read: names still text, so that an unknown one is its own error
/// ([`KytPlanError::UnknownOwner`], [`AccessPolicyError::UnknownMode`], ...) rather than a JSON
/// error; `screeningProvider` may be `null`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct KytPlanWire {
    defined_by: String,
    #[serde(default, deserialize_with = "present")]
    mode: Option<String>,
    #[serde(default)]
    screening_provider: Option<String>,
    #[serde(default, deserialize_with = "present")]
    kyt: Option<Object<KytWire>>,
}

/// A link intent's `kyt` object.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct KytWire {
    providers: Vec<Object<KytProviderWire>>,
}

/// One entry of `kyt.providers`; `policyId` is any JSON value until it is checked to be a
/// UUID ([`KytPlanError::InvalidPolicyId`] names the entry).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct KytProviderWire {
    provider: String,
    #[serde(default, deserialize_with = "present")]
    policy_id: Option<Value>,
}

impl TryFrom<Object<KytPlanWire>> for KytPlan {
    type Error = KytPlanError;

    fn try_from(Object(wire): Object<KytPlanWire>) -> Result<KytPlan, KytPlanError> {
        let owner = PlanOwner::parse(&wire.defined_by)?;
        let mode = wire.mode.as_deref().map(str::parse::<Mode>).transpose()?;
        let provider = wire
            .screening_provider
            .as_deref()
            .map(str::parse::<ScreeningProvider>)
            .transpose()?;
        let given = match (mode, provider) {
            (Some(Mode::Inherit), _) => return Err(KytPlanError::InheritInPlan),
            (Some(mode), provider) => Some(Screening::from_parts(mode, provider)?),
            (None, Some(p)) => {
                return Err(AccessPolicyError::ProviderWithoutMode(p.to_string()).into());
            }
            (None, None) => None,
        };
        match (wire.kyt, given) {
            (Some(_), _) if owner == PlanOwner::Platform => {
                Err(KytPlanError::ProvidersOnPlatformPlan)
            }
            (Some(Object(kyt)), given) => {
                let providers = kyt
                    .providers
                    .into_iter()
                    .enumerate()
                    .map(|(index, Object(entry))| entry.validate(index))
                    .collect::<Result<Vec<_>, _>>()?;
                let plan = KytPlan::orchestrator(providers)?;
                match given {
                    Some(screening) if screening != plan.screening => {
                        Err(KytPlanError::KytDisagrees {
                            given: describe(screening),
                            kyt: describe(plan.screening),
                        })
                    }
                    _ => Ok(plan),
                }
            }
            (None, Some(screening)) => KytPlan::new(owner, screening),
            (None, None) => Err(KytPlanError::ModeRequired),
        }
    }
}

impl KytProviderWire {
    /// The entry at `index` of `kyt.providers`.
    fn validate(self, index: usize) -> Result<KytProvider, KytPlanError> {
        let provider = self.provider.parse::<ScreeningProvider>()?;
        let policy_id = match self.policy_id {
            None => None,
            Some(Value::String(id)) if is_uuid(&id) => Some(id),
            Some(other) => {
                return Err(KytPlanError::InvalidPolicyId {
                    index,
                    value: match other {
                        Value::String(text) => text,
                        other => other.to_string(),
                    },
                });
            }
        };
        Ok(KytProvider {
            provider,
            policy_id,
        })
    }
}

impl KytPlan {
    /// Reads `{"definedBy", "mode", "screeningProvider"}`, or (orchestrator plans)
    /// `{"definedBy":"orchestrator", "kyt": {"providers": [...]}}` with the link intent's
    /// `kyt` object, or both when they agree.
    ///
    /// ```
    /// use securepay::policy::{KytPlan, KytPlanError, PlanOwner};
    ///
    /// let plan = KytPlan::from_str(r#"{"definedBy": "platform", "mode": "off"}"#)?;
    /// assert_eq!(plan.owner(), PlanOwner::Platform);
    /// // mode and kyt.providers must agree when both are given.
    /// let disagree = KytPlan::from_str(r#"{"definedBy": "orchestrator", "mode": "kyt_all_wallets",
    ///     "screeningProvider": "merklescience", "kyt": {"providers": [{"provider": "hypernative"}]}}"#);
    /// assert!(matches!(disagree, Err(KytPlanError::KytDisagrees { .. })));
    /// # Ok::<(), KytPlanError>(())
    /// ```
    pub fn from_str(text: &str) -> Result<KytPlan, KytPlanError> {
        crate::wire::EmptyInput::check(text.as_bytes(), "a KYT plan (a JSON object)")?;
        serde_json::from_str::<Object<KytPlanWire>>(text)
            .map_err(|e| KytPlanError::Json(e.into()))?
            .try_into()
    }

    /// [`KytPlan::from_str`] on a JSON value.
    ///
    /// ```
    /// use serde_json::json;
    /// use securepay::policy::{KytPlan, KytPlanError};
    ///
    /// let value = json!({"definedBy": "orchestrator", "mode": "kyt_all_wallets", "screeningProvider": "hypernative",
    ///     "kyt": {"providers": [{"provider": "hypernative", "policyId": "11111111-1111-4111-8111-111111111111"}]}});
    /// let plan = KytPlan::from_value(&value)?;
    /// assert_eq!(serde_json::to_value(&plan)?, value); // written back the same
    /// assert!(matches!(KytPlan::from_value(&json!({"mode": "off"})), Err(KytPlanError::Json(_)))); // no definedBy
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_value(value: &Value) -> Result<KytPlan, KytPlanError> {
        Object::<KytPlanWire>::deserialize(value)
            .map_err(|e| KytPlanError::Json(e.into()))?
            .try_into()
    }
}

fn describe(screening: Screening) -> String {
    match screening {
        Screening::Off => "mode off".to_owned(),
        Screening::Kyt(p) => format!("kyt_all_wallets with {p}"),
    }
}

/// Whether `text` is a UUID: 8-4-4-4-12 hex digits.
pub(super) fn is_uuid(text: &str) -> bool {
    let groups: Vec<&str> = text.split('-').collect();
    groups.iter().map(|g| g.len()).eq([8, 4, 4, 4, 12])
        && groups
            .iter()
            .all(|g| g.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The plan as written: `definedBy`, `mode`, `screeningProvider` (`null` when off), and the
/// provider entries of an orchestrator plan.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct KytPlanOut<'a> {
    defined_by: &'static str,
    mode: Mode,
    screening_provider: Option<ScreeningProvider>,
    #[serde(skip_serializing_if = "Option::is_none")]
    kyt: Option<KytOut<'a>>,
}

#[derive(Serialize)]
struct KytOut<'a> {
    providers: &'a [KytProvider],
}

impl<'a> From<&'a KytPlan> for KytPlanOut<'a> {
    fn from(plan: &'a KytPlan) -> KytPlanOut<'a> {
        KytPlanOut {
            defined_by: plan.owner.as_str(),
            mode: plan.screening.mode(),
            screening_provider: plan.primary(),
            kyt: (!plan.providers.is_empty()).then_some(KytOut {
                providers: &plan.providers,
            }),
        }
    }
}

impl Serialize for KytPlan {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        KytPlanOut::from(self).serialize(serializer)
    }
}
