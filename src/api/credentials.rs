//! Credentials as types: API key, Client ID (with an optional `Origin`), orchestrator key
//! paired with a Client ID, and session token (cookie or bearer). Secrets never appear in
//! `Debug` output, and the headers that carry them are marked sensitive.

use std::fmt;

use http::header::{AUTHORIZATION, COOKIE, HeaderMap, HeaderName, HeaderValue, ORIGIN};

use super::Origin;

/// The cookie that carries a session (the OpenAPI description of `Authorization`: "Bearer
/// token for session authentication (or use the session_token cookie)",
/// <https://docs.request.network/api-reference/openapi.v2.json>).
pub const SESSION_COOKIE: &str = "session_token";

const REDACTED: &str = "<redacted>";

/// Why a credential was refused.
///
/// ```
/// use securepay::api::{Credential, CredentialError};
///
/// let error = Credential::orchestrator("orc_", "cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", None).unwrap_err();
/// assert_eq!(error, CredentialError::WrongPrefix { what: "orchestrator key", prefix: "orc_" }); // nothing after it
/// let error = Credential::api_key("sk_live_1234\n").unwrap_err();
/// assert_eq!(error, CredentialError::InvalidCharacter { what: "API key", position: 12 });
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CredentialError {
    /// An empty value.
    #[error("{what} is empty")]
    Empty {
        /// Which credential.
        what: &'static str,
    },
    /// A character that cannot be sent in its header (control, space, non-ASCII, or a cookie
    /// delimiter for a session token). The value itself is not repeated: it is a secret.
    #[error("{what} has a character that cannot be sent in its header at position {position}")]
    InvalidCharacter {
        /// Which credential.
        what: &'static str,
        /// The byte offset of the first bad character.
        position: usize,
    },
    /// A Client ID or orchestrator key without its documented prefix (`cli_`:
    /// <https://docs.request.network/api-features/client-id-management>; `orc_`:
    /// <https://docs.request.network/orchestrators/overview>).
    #[error("{what} must start with {prefix:?}")]
    WrongPrefix {
        /// Which credential.
        what: &'static str,
        /// The documented prefix.
        prefix: &'static str,
    },
    /// An `Origin` that is not `scheme://host[:port]`, or plain `http` off localhost.
    #[error("Origin {origin:?}: {reason}")]
    InvalidOrigin {
        /// The text given.
        origin: String,
        /// What is wrong with it.
        reason: &'static str,
    },
}

/// Checks that a secret is non-empty visible ASCII (no space, no control character).
fn check_token(what: &'static str, text: &str, cookie: bool) -> Result<(), CredentialError> {
    if text.is_empty() {
        return Err(CredentialError::Empty { what });
    }
    let bad =
        |b: u8| !(0x21..=0x7e).contains(&b) || (cookie && matches!(b, b';' | b',' | b'"' | b'\\'));
    match text.bytes().position(bad) {
        Some(position) => Err(CredentialError::InvalidCharacter { what, position }),
        None => Ok(()),
    }
}

macro_rules! secret {
    ($(#[$meta:meta])* $name:ident, $what:literal, $prefix:expr, $cookie:expr) => {
        $(#[$meta])*
        #[derive(Clone, PartialEq, Eq, Hash)]
        pub struct $name(String);

        impl $name {
            /// Checks the value: non-empty visible ASCII, with its documented prefix if any.
            ///
            /// ```
            #[doc = concat!(" use securepay::api::{CredentialError, ", stringify!($name), "};")]
            ///
            #[doc = concat!(" let prefix: Option<&str> = ", stringify!($prefix), "; // the documented prefix")]
            /// let text = format!("{}k3y", prefix.unwrap_or(""));
            #[doc = concat!(" assert_eq!(", stringify!($name), "::new(&text)?.expose_secret(), text);")]
            #[doc = concat!(" assert!(matches!(", stringify!($name), r##"::new(""), Err(CredentialError::Empty { .. })));"##)]
            /// let spaced = format!("{text} 2");
            #[doc = concat!(" assert!(matches!(", stringify!($name), "::new(&spaced), Err(CredentialError::InvalidCharacter { .. })));")]
            /// # Ok::<(), CredentialError>(())
            /// ```
            pub fn new(text: &str) -> Result<$name, CredentialError> {
                check_token($what, text, $cookie)?;
                let prefix: Option<&'static str> = $prefix;
                if let Some(prefix) = prefix {
                    if !text.starts_with(prefix) || text.len() == prefix.len() {
                        return Err(CredentialError::WrongPrefix { what: $what, prefix });
                    }
                }
                Ok($name(text.to_owned()))
            }

            /// The secret, to send it yourself. Never log it.
            ///
            /// ```
            #[doc = concat!(" use securepay::api::", stringify!($name), ";")]
            ///
            #[doc = concat!(" let prefix: Option<&str> = ", stringify!($prefix), "; // the documented prefix")]
            /// let text = format!("{}k3y", prefix.unwrap_or(""));
            #[doc = concat!(" let secret: ", stringify!($name), " = text.parse()?;")]
            /// assert_eq!(secret.expose_secret(), text);
            /// assert!(!format!("{secret:?}").contains("k3y")); // Debug never shows it
            /// # Ok::<(), securepay::api::CredentialError>(())
            /// ```
            pub fn expose_secret(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({REDACTED})", stringify!($name))
            }
        }

        impl std::str::FromStr for $name {
            type Err = CredentialError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                $name::new(text)
            }
        }
    };
}

secret!(
    /// A server-side API key, sent as `x-api-key`.
    ///
    /// ```
    /// use securepay::api::ApiKey;
    ///
    /// let key = ApiKey::new("sk_live_1234")?;
    /// assert_eq!(format!("{key:?}"), "ApiKey(<redacted>)");
    /// # Ok::<(), securepay::api::CredentialError>(())
    /// ```
    ApiKey,
    "API key",
    None,
    false
);
secret!(
    /// A Client ID (`cli_…`), sent as `x-client-id`. Redacted in `Debug` too: a backend Client
    /// ID has no allowed domains and no `Origin` check, so it authenticates on its own.
    ///
    /// ```
    /// use securepay::api::{ClientId, CredentialError};
    ///
    /// assert!(ClientId::new("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4").is_ok());
    /// assert_eq!(ClientId::new("nz1bj41szV2fvjm9pbxdIhro3ld4x4"), Err(CredentialError::WrongPrefix { what: "Client ID", prefix: "cli_" }));
    /// ```
    ClientId,
    "Client ID",
    Some("cli_"),
    false
);
secret!(
    /// An orchestrator key (`orc_…`), sent as `x-orchestrator-key`, always with a Client ID.
    ///
    /// ```
    /// use securepay::api::{CredentialError, OrchestratorKey};
    ///
    /// let key: OrchestratorKey = "orc_5ZkJ2v9".parse()?;
    /// assert_eq!(format!("{key:?}"), "OrchestratorKey(<redacted>)");
    /// assert!(matches!("cli_5ZkJ2v9".parse::<OrchestratorKey>(), Err(CredentialError::WrongPrefix { .. })));
    /// # Ok::<(), CredentialError>(())
    /// ```
    OrchestratorKey,
    "orchestrator key",
    Some("orc_"),
    false
);
secret!(
    /// A session token (Sign-In with Ethereum or email session), sent as the `session_token`
    /// cookie or as `Authorization: Bearer`.
    ///
    /// ```
    /// use securepay::api::{CredentialError, SessionToken};
    ///
    /// assert!(SessionToken::new("eyJhbGciOiJIUzI1NiJ9.e30.sig").is_ok());
    /// // A cookie delimiter would end the session_token cookie early.
    /// assert!(matches!(SessionToken::new("abc;def"), Err(CredentialError::InvalidCharacter { position: 3, .. })));
    /// ```
    SessionToken,
    "session token",
    None,
    true
);

/// How a session token is sent.
///
/// ```
/// use securepay::api::{Credential, SessionTransport};
///
/// let session = Credential::session_bearer("eyJhbGciOiJIUzI1NiJ9.e30.sig")?;
/// assert!(matches!(session, Credential::Session { transport: SessionTransport::Bearer, .. }));
/// # Ok::<(), securepay::api::CredentialError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SessionTransport {
    /// `Cookie: session_token=…`.
    Cookie,
    /// `Authorization: Bearer …`.
    Bearer,
}

/// What kind of credential a request carries; each [`Endpoint`](super::Endpoint) lists the
/// kinds it accepts.
///
/// ```
/// use securepay::api::{Credential, CredentialKind};
///
/// let cookie = Credential::session_cookie("eyJhbGciOiJIUzI1NiJ9.e30.sig")?;
/// assert_eq!(cookie.kind(), CredentialKind::SessionCookie);
/// assert_eq!(CredentialKind::Orchestrator.to_string(), "orchestrator key with Client ID");
/// # Ok::<(), securepay::api::CredentialError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CredentialKind {
    /// `x-api-key`.
    ApiKey,
    /// `x-client-id` (with `Origin` when given).
    ClientId,
    /// `x-orchestrator-key` paired with `x-client-id`.
    Orchestrator,
    /// The `session_token` cookie.
    SessionCookie,
    /// `Authorization: Bearer`.
    SessionBearer,
}

impl fmt::Display for CredentialKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CredentialKind::ApiKey => "API key (x-api-key)",
            CredentialKind::ClientId => "Client ID (x-client-id)",
            CredentialKind::Orchestrator => "orchestrator key with Client ID",
            CredentialKind::SessionCookie => "session cookie (session_token)",
            CredentialKind::SessionBearer => "session bearer token (Authorization)",
        })
    }
}

/// The credential a request is sent with.
///
/// ```
/// use securepay::api::{Credential, CredentialKind};
///
/// let backend = Credential::api_key("sk_live_1234")?;
/// assert_eq!(backend.kind(), CredentialKind::ApiKey);
/// assert!(!format!("{backend:?}").contains("sk_live_1234"));
///
/// let frontend = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", Some("https://mydomain.com"))?;
/// assert!(frontend.origin().is_some());
/// assert!(Credential::client_id("nz1bj41", None).is_err()); // a Client ID starts with cli_
/// # Ok::<(), securepay::api::CredentialError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Credential {
    /// `x-api-key`.
    ApiKey(ApiKey),
    /// `x-client-id`, with `Origin` for a frontend Client ID (a backend Client ID has no
    /// allowed domains and sends none).
    ClientId {
        /// The Client ID.
        client_id: ClientId,
        /// The origin, when the Client ID is domain-restricted.
        origin: Option<Origin>,
    },
    /// `x-orchestrator-key` paired with `x-client-id` (and `Origin` when given).
    Orchestrator {
        /// The orchestrator key.
        key: OrchestratorKey,
        /// The Client ID it acts for.
        client_id: ClientId,
        /// The origin, when the Client ID is domain-restricted.
        origin: Option<Origin>,
    },
    /// A session.
    Session {
        /// The token.
        token: SessionToken,
        /// Cookie or bearer.
        transport: SessionTransport,
    },
}

impl Credential {
    /// An API key.
    ///
    /// ```
    /// use securepay::api::{Credential, CredentialError};
    ///
    /// assert!(Credential::api_key("sk_live_1234").is_ok());
    /// assert_eq!(Credential::api_key(""), Err(CredentialError::Empty { what: "API key" }));
    /// ```
    pub fn api_key(key: &str) -> Result<Credential, CredentialError> {
        Ok(Credential::ApiKey(ApiKey::new(key)?))
    }

    /// A Client ID, with the `Origin` of a frontend Client ID.
    ///
    /// ```
    /// use securepay::api::{Credential, CredentialError};
    ///
    /// let backend = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", None)?; // no allowed domains
    /// assert!(backend.origin().is_none());
    /// let bad = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", Some("mydomain.com"));
    /// assert!(matches!(bad, Err(CredentialError::InvalidOrigin { .. })));
    /// # Ok::<(), CredentialError>(())
    /// ```
    pub fn client_id(client_id: &str, origin: Option<&str>) -> Result<Credential, CredentialError> {
        Ok(Credential::ClientId {
            client_id: ClientId::new(client_id)?,
            origin: origin.map(Origin::new).transpose()?,
        })
    }

    /// An orchestrator key paired with a Client ID.
    ///
    /// ```
    /// use securepay::api::{Credential, CredentialKind};
    ///
    /// let credential = Credential::orchestrator("orc_5ZkJ2v9", "cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", None)?;
    /// assert_eq!(credential.kind(), CredentialKind::Orchestrator);
    /// # Ok::<(), securepay::api::CredentialError>(())
    /// ```
    pub fn orchestrator(
        key: &str,
        client_id: &str,
        origin: Option<&str>,
    ) -> Result<Credential, CredentialError> {
        Ok(Credential::Orchestrator {
            key: OrchestratorKey::new(key)?,
            client_id: ClientId::new(client_id)?,
            origin: origin.map(Origin::new).transpose()?,
        })
    }

    /// A session token sent as the `session_token` cookie.
    ///
    /// ```
    /// use securepay::api::{Api, Credential};
    ///
    /// let session = Credential::session_cookie("eyJhbGciOiJIUzI1NiJ9.e30.sig")?;
    /// let request = Api::new().get_payee_destination(&session)?;
    /// assert_eq!(request.headers()["cookie"], "session_token=eyJhbGciOiJIUzI1NiJ9.e30.sig");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn session_cookie(token: &str) -> Result<Credential, CredentialError> {
        Ok(Credential::Session {
            token: SessionToken::new(token)?,
            transport: SessionTransport::Cookie,
        })
    }

    /// A session token sent as `Authorization: Bearer`.
    ///
    /// ```
    /// use securepay::api::{Api, CreateSecurePayment, Credential, SecurePaymentItem};
    ///
    /// let session = Credential::session_bearer("eyJhbGciOiJIUzI1NiJ9.e30.sig")?;
    /// let body = CreateSecurePayment::new(vec![SecurePaymentItem::new("10".parse()?)?])?;
    /// let request = Api::new().create_secure_payment(&session, &body)?;
    /// assert_eq!(request.headers()["authorization"], "Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig");
    /// assert!(request.headers()["authorization"].is_sensitive());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn session_bearer(token: &str) -> Result<Credential, CredentialError> {
        Ok(Credential::Session {
            token: SessionToken::new(token)?,
            transport: SessionTransport::Bearer,
        })
    }

    /// The kind of this credential.
    ///
    /// ```
    /// use securepay::api::{Credential, CredentialKind};
    ///
    /// assert_eq!(Credential::api_key("sk_live_1234")?.kind(), CredentialKind::ApiKey);
    /// assert_eq!(Credential::client_id("cli_nz1bj41", None)?.kind(), CredentialKind::ClientId);
    /// # Ok::<(), securepay::api::CredentialError>(())
    /// ```
    pub const fn kind(&self) -> CredentialKind {
        match self {
            Credential::ApiKey(_) => CredentialKind::ApiKey,
            Credential::ClientId { .. } => CredentialKind::ClientId,
            Credential::Orchestrator { .. } => CredentialKind::Orchestrator,
            Credential::Session {
                transport: SessionTransport::Cookie,
                ..
            } => CredentialKind::SessionCookie,
            Credential::Session {
                transport: SessionTransport::Bearer,
                ..
            } => CredentialKind::SessionBearer,
        }
    }

    /// The `Origin` sent with this credential, if any.
    ///
    /// ```
    /// use securepay::api::Credential;
    ///
    /// let frontend = Credential::client_id("cli_nz1bj41", Some("http://localhost:3000"))?;
    /// assert_eq!(frontend.origin().map(|o| o.as_str()), Some("http://localhost:3000"));
    /// assert!(Credential::api_key("sk_live_1234")?.origin().is_none());
    /// # Ok::<(), securepay::api::CredentialError>(())
    /// ```
    pub const fn origin(&self) -> Option<&Origin> {
        match self {
            Credential::ClientId { origin, .. } | Credential::Orchestrator { origin, .. } => {
                origin.as_ref()
            }
            _ => None,
        }
    }

    /// Adds this credential's headers to `headers`; secret values are marked sensitive, so
    /// `http`'s own `Debug` output hides them.
    pub(crate) fn apply(&self, headers: &mut HeaderMap) {
        fn secret(headers: &mut HeaderMap, name: HeaderName, value: &str) {
            // Every value was checked to be visible ASCII, which is always a valid header value.
            if let Ok(mut value) = HeaderValue::from_str(value) {
                value.set_sensitive(true);
                headers.insert(name, value);
            }
        }
        let client_id_header = HeaderName::from_static("x-client-id");
        match self {
            Credential::ApiKey(key) => {
                secret(headers, HeaderName::from_static("x-api-key"), &key.0)
            }
            Credential::ClientId { client_id, .. } => {
                secret(headers, client_id_header, &client_id.0)
            }
            Credential::Orchestrator { key, client_id, .. } => {
                secret(
                    headers,
                    HeaderName::from_static("x-orchestrator-key"),
                    &key.0,
                );
                secret(headers, client_id_header, &client_id.0);
            }
            Credential::Session {
                token,
                transport: SessionTransport::Cookie,
            } => secret(headers, COOKIE, &format!("{SESSION_COOKIE}={}", token.0)),
            Credential::Session {
                token,
                transport: SessionTransport::Bearer,
            } => secret(headers, AUTHORIZATION, &format!("Bearer {}", token.0)),
        }
        if let Some(origin) = self.origin() {
            if let Ok(value) = HeaderValue::from_str(origin.as_str()) {
                headers.insert(ORIGIN, value);
            }
        }
    }
}
