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
    /// assert!(Origin::new("https://mydomain.com:notaport").is_err());
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
        let host = authority_host(rest).map_err(invalid)?;
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

/// The host of an origin's `host[:port]` part, after checking both: a DNS name (labels of
/// letters, digits and inner `-`) or an IPv4 address, or an IPv6 address in brackets; the
/// port, when present, is 1 to 5 digits and at most 65535.
fn authority_host(authority: &str) -> Result<&str, &'static str> {
    let (host, port) = match authority.strip_prefix('[') {
        Some(bracketed) => {
            let (v6, after) = bracketed
                .split_once(']')
                .ok_or("an IPv6 host has no closing ]")?;
            let v6_chars = v6
                .bytes()
                .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.');
            if !v6.contains(':') || !v6_chars {
                return Err("an IPv6 host has only hex digits, : and .");
            }
            let port = match after {
                "" => None,
                _ => Some(
                    after
                        .strip_prefix(':')
                        .ok_or("only :port may follow an IPv6 host")?,
                ),
            };
            (v6, port)
        }
        None => {
            let (name, port) = match authority.split_once(':') {
                Some((name, port)) => (name, Some(port)),
                None => (authority, None),
            };
            check_name(name)?;
            (name, port)
        }
    };
    if let Some(port) = port {
        let digits_ok =
            !port.is_empty() && port.len() <= 5 && port.bytes().all(|b| b.is_ascii_digit());
        if !digits_ok || port.parse::<u32>().map_or(true, |p| p > 65_535) {
            return Err("the port is not a number from 0 to 65535");
        }
    }
    Ok(host)
}

/// A host name or IPv4 address: labels of letters, digits and inner `-`, one dot apart.
fn check_name(name: &str) -> Result<(), &'static str> {
    if name.is_empty() {
        return Err("no host");
    }
    let label_ok = |label: &str| {
        !label.is_empty()
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
    };
    if !name.split('.').all(label_ok) {
        return Err(
            "the host is not a name of letters, digits and inner -, separated by single dots",
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reason(text: &str) -> &'static str {
        match Origin::new(text) {
            Err(CredentialError::InvalidOrigin { reason, .. }) => reason,
            other => panic!("{text}: expected InvalidOrigin, got {other:?}"),
        }
    }

    #[test]
    fn malformed_authorities_are_refused_with_their_reason() {
        assert_eq!(reason("https://:8080"), "no host");
        assert_eq!(reason("https://[::1"), "an IPv6 host has no closing ]");
        assert_eq!(
            reason("https://a.com:notaport"),
            "the port is not a number from 0 to 65535"
        );
        assert_eq!(
            reason("https://a.com:"),
            "the port is not a number from 0 to 65535"
        );
        assert_eq!(
            reason("https://a.com:65536"),
            "the port is not a number from 0 to 65535"
        );
        assert_eq!(
            reason("https://a.com:1:2"),
            "the port is not a number from 0 to 65535"
        );
        assert_eq!(
            reason("http://[::1]evil.example"),
            "only :port may follow an IPv6 host"
        );
        assert_eq!(
            reason("https://[]"),
            "an IPv6 host has only hex digits, : and ."
        );
        assert_eq!(
            reason("https://[example.com]"),
            "an IPv6 host has only hex digits, : and ."
        );
        for bad in [
            "https://a..com",
            "https://.a.com",
            "https://a.com.",
            "https://-a.com",
            "https://a-.com",
        ] {
            assert_eq!(
                reason(bad),
                "the host is not a name of letters, digits and inner -, separated by single dots",
                "{bad}"
            );
        }
        assert_eq!(
            reason("https://a_b.com"),
            "the host is not a name of letters, digits and inner -, separated by single dots"
        );
    }

    #[test]
    fn well_formed_origins_are_kept_as_written() {
        for good in [
            "https://mydomain.com",
            "https://shop.example.com:8443",
            "https://a-b.example:65535",
            "https://[2001:db8::1]:443",
            "http://localhost:3000",
            "http://127.0.0.1:8080",
            "http://[::1]",
            "http://[::1]:5173",
        ] {
            assert_eq!(
                Origin::new(good)
                    .map(|o| o.as_str().to_owned())
                    .ok()
                    .as_deref(),
                Some(good)
            );
        }
        // plain http stays limited to the loopback hosts, whatever the port
        assert!(Origin::new("http://[2001:db8::1]:80").is_err());
        assert!(Origin::new("http://localhost.evil.example").is_err());
    }
}
