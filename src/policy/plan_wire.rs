//! The JSON form of a KYT plan: `{"definedBy", "mode", "screeningProvider"}` and, for
//! orchestrator plans, the link intent's `kyt` object.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{json, Map, Value};

use super::{
    AccessPolicyError, KytPlan, KytPlanError, KytProvider, Mode, PlanOwner, Screening,
    ScreeningProvider,
};

impl KytPlan {
    /// Reads `{"definedBy", "mode", "screeningProvider"}`, or (orchestrator plans)
    /// `{"definedBy":"orchestrator", "kyt": {"providers": [...]}}` with the link intent's
    /// `kyt` object, or both when they agree.
    ///
    /// ```
    /// use securepay::policy::{KytPlan, KytPlanError, PlanOwner};
    ///
    /// let plan = KytPlan::from_json(r#"{"definedBy": "platform", "mode": "off"}"#)?;
    /// assert_eq!(plan.owner(), PlanOwner::Platform);
    /// // mode and kyt.providers must agree when both are given.
    /// let disagree = KytPlan::from_json(r#"{"definedBy": "orchestrator", "mode": "kyt_all_wallets",
    ///     "screeningProvider": "merklescience", "kyt": {"providers": [{"provider": "hypernative"}]}}"#);
    /// assert!(matches!(disagree, Err(KytPlanError::KytDisagrees { .. })));
    /// # Ok::<(), KytPlanError>(())
    /// ```
    pub fn from_json(text: &str) -> Result<KytPlan, KytPlanError> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| KytPlanError::Json(e.to_string()))?;
        KytPlan::from_value(&value)
    }

    /// [`KytPlan::from_json`] on a JSON value.
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
        let json = |message: String| KytPlanError::Json(message);
        let object = value
            .as_object()
            .ok_or_else(|| json(format!("expected a JSON object, found {value}")))?;
        if let Some(unknown) = object
            .keys()
            .find(|k| !["definedBy", "mode", "screeningProvider", "kyt"].contains(&k.as_str()))
        {
            return Err(json(format!(
                "unknown field {unknown:?}: expected definedBy, mode, screeningProvider, kyt"
            )));
        }
        let owner = match object.get("definedBy") {
            Some(Value::String(text)) => PlanOwner::parse(text)?,
            Some(other) => return Err(json(format!("definedBy must be a string, found {other}"))),
            None => {
                return Err(json(
                    "missing definedBy (orchestrator or platform)".to_owned(),
                ))
            }
        };
        let mode = match object.get("mode") {
            Some(Value::String(text)) => Some(text.parse::<Mode>()?),
            Some(other) => return Err(json(format!("mode must be a string, found {other}"))),
            None => None,
        };
        let provider = match object.get("screeningProvider") {
            Some(Value::String(text)) => Some(text.parse::<ScreeningProvider>()?),
            Some(Value::Null) | None => None,
            Some(other) => {
                return Err(json(format!(
                    "screeningProvider must be a string or null, found {other}"
                )))
            }
        };
        let given = match (mode, provider) {
            (Some(Mode::Inherit), _) => return Err(KytPlanError::InheritInPlan),
            (Some(mode), provider) => Some(Screening::from_parts(mode, provider)?),
            (None, Some(p)) => {
                return Err(AccessPolicyError::ProviderWithoutMode(p.to_string()).into())
            }
            (None, None) => None,
        };
        let plan = match (object.get("kyt"), given) {
            (Some(_), _) if owner == PlanOwner::Platform => {
                return Err(KytPlanError::ProvidersOnPlatformPlan)
            }
            (Some(kyt), given) => {
                let plan = KytPlan::orchestrator(providers_from_value(kyt)?)?;
                match given {
                    Some(screening) if screening != plan.screening => {
                        return Err(KytPlanError::KytDisagrees {
                            given: describe(screening),
                            kyt: describe(plan.screening),
                        })
                    }
                    _ => plan,
                }
            }
            (None, Some(screening)) => KytPlan::new(owner, screening)?,
            (None, None) => return Err(KytPlanError::ModeRequired),
        };
        Ok(plan)
    }
}

fn describe(screening: Screening) -> String {
    match screening {
        Screening::Off => "mode off".to_owned(),
        Screening::Kyt(p) => format!("kyt_all_wallets with {p}"),
    }
}

fn providers_from_value(kyt: &Value) -> Result<Vec<KytProvider>, KytPlanError> {
    let json = |message: String| KytPlanError::Json(message);
    let object = kyt
        .as_object()
        .ok_or_else(|| json(format!("kyt must be an object, found {kyt}")))?;
    if let Some(unknown) = object.keys().find(|k| k.as_str() != "providers") {
        return Err(json(format!(
            "unknown field kyt.{unknown}: expected providers"
        )));
    }
    let list = object
        .get("providers")
        .and_then(Value::as_array)
        .ok_or_else(|| json("kyt.providers must be an array".to_owned()))?;
    list.iter()
        .enumerate()
        .map(|(index, entry)| {
            let fields = entry
                .as_object()
                .ok_or_else(|| json(format!("kyt.providers[{index}] must be an object")))?;
            if let Some(unknown) = fields
                .keys()
                .find(|k| !["provider", "policyId"].contains(&k.as_str()))
            {
                return Err(json(format!(
                    "unknown field kyt.providers[{index}].{unknown}: expected provider, policyId"
                )));
            }
            let provider = fields
                .get("provider")
                .and_then(Value::as_str)
                .ok_or_else(|| json(format!("kyt.providers[{index}].provider must be a string")))?
                .parse::<ScreeningProvider>()?;
            let policy_id = match fields.get("policyId") {
                None => None,
                Some(Value::String(id)) if is_uuid(id) => Some(id.clone()),
                Some(other) => {
                    return Err(KytPlanError::InvalidPolicyId {
                        index,
                        value: other
                            .as_str()
                            .map_or_else(|| other.to_string(), str::to_owned),
                    })
                }
            };
            Ok(KytProvider {
                provider,
                policy_id,
            })
        })
        .collect()
}

/// Whether `text` is a UUID: 8-4-4-4-12 hex digits.
pub(super) fn is_uuid(text: &str) -> bool {
    let groups: Vec<&str> = text.split('-').collect();
    groups.iter().map(|g| g.len()).eq([8, 4, 4, 4, 12])
        && groups
            .iter()
            .all(|g| g.bytes().all(|b| b.is_ascii_hexdigit()))
}

impl Serialize for KytPlan {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut object = Map::new();
        object.insert("definedBy".into(), json!(self.owner.as_str()));
        object.insert("mode".into(), json!(self.screening.mode().as_str()));
        object.insert(
            "screeningProvider".into(),
            json!(self.primary().map(ScreeningProvider::as_str)),
        );
        if !self.providers.is_empty() {
            let providers: Vec<Value> = self
                .providers
                .iter()
                .map(|p| match &p.policy_id {
                    Some(id) => json!({ "provider": p.provider.as_str(), "policyId": id }),
                    None => json!({ "provider": p.provider.as_str() }),
                })
                .collect();
            object.insert("kyt".into(), json!({ "providers": providers }));
        }
        Value::Object(object).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for KytPlan {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        KytPlan::from_value(&value).map_err(serde::de::Error::custom)
    }
}
