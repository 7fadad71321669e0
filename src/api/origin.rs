//! The `Origin` sent with a frontend Client ID.

use super::CredentialError;

/// The `Origin` a frontend Client ID is checked against: `https://host[:port]`, or `http` on
/// `localhost`, `127.0.0.1` or `[::1]` only (the rules of a Client ID's allowed domains), with
/// no path, query, fragment or user information.
///
/// ```
/// use securepay::api::Origin;
///
/// assert_eq!(Origin::new("https://mydomain.com")?.as_str(), "https://mydomain.com");
/// assert!(Origin::new("http://localhost:3000").is_ok());
/// assert!(Origin::new("http://mydomain.com").is_err()); // plain http only on localhost
/// assert!(Origin::new("https://mydomain.com/pay").is_err()); // no path
/// # Ok::<(), securepay::api::CredentialError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Origin(String);

impl Origin {
    /// Checks an origin.
    ///
    /// ```
    /// use securepay::api::{CredentialError, Origin};
    ///
    /// assert!(Origin::new("http://[::1]:5173").is_ok());
    /// let error = Origin::new("https://mydomain.com/").unwrap_err();
    /// assert!(matches!(error, CredentialError::InvalidOrigin { reason: "an origin has no path (not even a trailing /)", .. }));
    /// assert!(Origin::new("wss://mydomain.com").is_err());
    /// ```
    pub fn new(text: &str) -> Result<Origin, CredentialError> {
        let invalid = |reason| CredentialError::InvalidOrigin {
            origin: text.to_owned(),
            reason,
        };
        let (scheme, rest) = text
            .split_once("://")
            .ok_or_else(|| invalid("expected scheme://host"))?;
        if rest.is_empty() {
            return Err(invalid("no host"));
        }
        if let Some(c) = rest.chars().find(|c| matches!(c, '/' | '?' | '#' | '@')) {
            return Err(invalid(match c {
                '/' => "an origin has no path (not even a trailing /)",
                '?' => "an origin has no query",
                '#' => "an origin has no fragment",
                _ => "an origin has no user information",
            }));
        }
        if rest
            .bytes()
            .any(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']')))
        {
            return Err(invalid(
                "the host has a character outside letters, digits, . - : [ ]",
            ));
        }
        let host = match rest.strip_prefix('[') {
            Some(v6) => v6.split_once(']').map(|(h, _)| h).unwrap_or(v6),
            None => rest.split(':').next().unwrap_or(rest),
        };
        match scheme {
            "https" => Ok(Origin(text.to_owned())),
            "http" if matches!(host, "localhost" | "127.0.0.1" | "::1") => {
                Ok(Origin(text.to_owned()))
            }
            "http" => Err(invalid(
                "plain http is allowed only for localhost, 127.0.0.1 and [::1]",
            )),
            _ => Err(invalid("the scheme must be https (or http on localhost)")),
        }
    }

    /// The origin text.
    ///
    /// ```
    /// use securepay::api::Origin;
    ///
    /// let origin: Origin = "https://shop.example.com:8443".parse()?;
    /// assert_eq!(origin.as_str(), "https://shop.example.com:8443");
    /// # Ok::<(), securepay::api::CredentialError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::str::FromStr for Origin {
    type Err = CredentialError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Origin::new(text)
    }
}
