//! `GET /v2/secure-payments/multicall-payouts/{token}`: a multicall payout's state for the
//! payment page, with a session ("It does not return quotes, calldata, wallet routes, or
//! execution data"). Its schema is the multicall form of `GET /v2/secure-payments/{token}`
//! (the same fields, the same required ones), so the answer is a [`MulticallInfo`], with its
//! `paymentType` checked to be `multicall`.

use serde::{Deserialize, Deserializer, Serialize};

use super::outgoing::sealed::{Parts, Sealed};
use super::{
    Api, Credential, Endpoint, MulticallInfo, OutgoingRequest, PreparedRequest, RequestError,
};
use crate::pay::SecurePaymentToken;
use crate::wire::json::Object;

/// `GET /v2/secure-payments/multicall-payouts/{token}`.
///
/// ```
/// use securepay::api::{Api, Credential, GetMulticallPayout};
///
/// let get = GetMulticallPayout::new("01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?);
/// let request = Api::new().prepare(&Credential::session_bearer("siwe-session")?, &get)?;
/// assert_eq!(request.uri().path(), "/v2/secure-payments/multicall-payouts/01JD3E6JD46KY4KKV7X9V0MZ7W");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GetMulticallPayout {
    /// `{token}`: the parent token the create endpoint returned.
    pub token: SecurePaymentToken,
}

impl GetMulticallPayout {
    /// The request for the multicall payout `token`.
    pub fn new(token: SecurePaymentToken) -> GetMulticallPayout {
        GetMulticallPayout { token }
    }
}

impl Sealed for GetMulticallPayout {
    fn parts(&self) -> Result<Parts, RequestError> {
        Ok(Parts::new().path(self.token.to_string()))
    }
}

impl OutgoingRequest for GetMulticallPayout {
    const ENDPOINT: Endpoint = Endpoint::GetMulticallPayout;
    type Response = MulticallPayoutState;
}

/// The answer of `GET /v2/secure-payments/multicall-payouts/{token}`: `paymentType:
/// "multicall"` and the fields of [`MulticallInfo`]. Any other `paymentType` is refused.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, MulticallPayoutState};
///
/// // No example is published: this one follows the schema.
/// let body = br#"{"paymentType": "multicall", "status": "pending", "redirectUrl": null, "redirectLabel": null,
///     "orchestratorId": null, "branding": null, "analytics": {"numberOfPaymentsExcludingFees": 2}, "requestIds": ["01e2", "01e3"],
///     "token": "01JD3E6JD46KY4KKV7X9V0MZ7W", "canExecute": true, "expiresAt": "2026-03-22T10:00:00.000Z", "createdAt": "2026-03-15T10:00:00.000Z",
///     "children": [], "totals": {"childCount": 2, "blockedChildCount": 0, "byDestinationCurrency": [],
///     "amountSummary": {"grossAmount": "40.5", "netRecipientAmount": "40.5", "totalFees": "0", "payeeBorneFees": "0", "payerBorneFees": "0", "payerTotal": "40.5"}}}"#;
/// let MulticallPayoutState(state) = parse_parts(StatusCode::OK, body)?;
/// assert!(state.can_execute);
/// assert_eq!(state.common.request_ids.len(), 2);
/// let single = String::from_utf8_lossy(body).replace(r#""paymentType": "multicall""#, r#""paymentType": "single""#);
/// assert!(parse_parts::<MulticallPayoutState>(StatusCode::OK, single.as_bytes()).is_err());
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MulticallPayoutState(pub MulticallInfo);

impl Serialize for MulticallPayoutState {
    /// The service's JSON, `paymentType` included.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::serde_util::PaymentTypeTagged {
            payment_type: "multicall",
            shape: &self.0,
        }
        .serialize(serializer)
    }
}

/// The answer as read: `paymentType` is the tag, read typed with the other fields (a key given
/// twice, `paymentType` included, is refused by name).
#[derive(Deserialize)]
#[serde(tag = "paymentType", rename_all = "snake_case")]
enum StateWire {
    Multicall(MulticallInfo),
}

impl<'de> Deserialize<'de> for MulticallPayoutState {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let Object(StateWire::Multicall(info)) = Object::<StateWire>::deserialize(deserializer)?;
        Ok(MulticallPayoutState(info))
    }
}

impl Api {
    /// `GET /v2/secure-payments/multicall-payouts/{token}` (a session only). Answer:
    /// [`MulticallPayoutState`].
    ///
    /// ```
    /// use securepay::api::{Api, Credential};
    ///
    /// let token = "01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?;
    /// let request = Api::new().get_multicall_payout(&Credential::session_bearer("siwe-session")?, &token)?;
    /// assert_eq!(request.method(), "GET");
    /// assert_eq!(request.headers()["authorization"], "Bearer siwe-session");
    /// let client = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", Some("https://mydomain.com"))?;
    /// assert!(Api::new().get_multicall_payout(&client, &token).is_err()); // a session only
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get_multicall_payout(
        &self,
        credential: &Credential,
        token: &SecurePaymentToken,
    ) -> Result<PreparedRequest<GetMulticallPayout>, RequestError> {
        self.prepare(credential, &GetMulticallPayout::new(*token))
    }
}
