//! Why a request could not be built, typed: the causes held by
//! [`RequestError::BaseUrl`](super::RequestError::BaseUrl) and
//! [`RequestError::Assemble`](super::RequestError::Assemble), and the two `http` errors they
//! keep.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use crate::wire::JsonError;

/// Why a base URL is not `http(s)://host[:port][/prefix]`.
///
/// ```
/// use std::error::Error;
/// use securepay::api::{Api, BaseUrlError, RequestError};
///
/// let error = Api::new().with_base_url("ftp://api.request.network").unwrap_err();
/// assert!(matches!(error, RequestError::BaseUrl { reason: BaseUrlError::Scheme, .. }));
/// assert_eq!(error.to_string(), "base URL \"ftp://api.request.network\": the scheme must be https or http");
///
/// let error = Api::new().with_base_url("").unwrap_err();
/// let RequestError::BaseUrl { reason: BaseUrlError::Uri(uri), .. } = &error else { panic!("{error}") };
/// assert_eq!(error.to_string(), format!("base URL \"\": {uri}"));
/// // The chain: the request error, why the URL was refused, http's own error.
/// let reason = error.source().unwrap();
/// assert!(reason.source().unwrap().is::<http::uri::InvalidUri>());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BaseUrlError {
    /// Not a URI: `http`'s message; its error is the
    /// [`source()`](std::error::Error::source).
    #[error("{0}")]
    Uri(#[source] UriError),
    /// A scheme other than `https` or `http`, or none.
    #[error("the scheme must be https or http")]
    Scheme,
    /// No host.
    #[error("no host")]
    NoHost,
    /// A query or a fragment.
    #[error("a base URL has no query or fragment")]
    QueryOrFragment,
    /// User information (`user:password@`).
    #[error("a base URL has no user information")]
    UserInfo,
}

/// Why a request could not be put together from checked parts.
///
/// ```
/// use securepay::api::AssembleError;
///
/// let error = AssembleError::PathParameters { given: 0, template: "/v2/payer/{clientUserId}" };
/// assert_eq!(error.to_string(), "0 path parameter(s) given for the template /v2/payer/{clientUserId}");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AssembleError {
    /// Not as many path parameters as the endpoint's template has.
    #[error("{given} path parameter(s) given for the template {template}")]
    PathParameters {
        /// How many were given.
        given: usize,
        /// The path template.
        template: &'static str,
    },
    /// A query parameter the endpoint's description does not list (a defect of this crate,
    /// refused rather than sent).
    #[error("the query parameter {name} is not one of the template {template}'s")]
    UndescribedQuery {
        /// The parameter's name.
        name: &'static str,
        /// The path template.
        template: &'static str,
    },
    /// The body could not be written as JSON: serde_json's message; its error is the
    /// [`source()`](std::error::Error::source).
    #[error("{0}")]
    Json(#[source] JsonError),
    /// `http` refused the request (a value that is not valid in a URI or header): its
    /// message; its error is the [`source()`](std::error::Error::source).
    #[error("{0}")]
    Http(#[source] HttpError),
}

/// Declares a newtype that holds an error of `http` behind an `Arc`, so that the error types
/// holding it stay `Clone` and `Eq`.
macro_rules! shared_http_error {
    ($(#[$doc:meta])* $name:ident($inner:ty); $(#[$get_doc:meta])*) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $name(Arc<$inner>);

        impl $name {
            $(#[$get_doc])*
            pub fn get(&self) -> &$inner {
                &self.0
            }
        }

        impl From<$inner> for $name {
            fn from(error: $inner) -> $name {
                $name(Arc::new(error))
            }
        }

        impl Deref for $name {
            type Target = $inner;

            fn deref(&self) -> &$inner {
                &self.0
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&*self.0, f)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&*self.0, f)
            }
        }

        // `http`'s errors are neither `Clone` nor `PartialEq`, and what they hold (their kind)
        // is private: their message is all that tells two apart, so two are equal when their
        // messages are.
        impl PartialEq for $name {
            fn eq(&self, other: &$name) -> bool {
                Arc::ptr_eq(&self.0, &other.0) || self.0.to_string() == other.0.to_string()
            }
        }

        impl Eq for $name {}
    };
}

shared_http_error! {
    /// An [`http::Error`] that [`AssembleError`] can hold while staying `Clone` and `Eq`:
    /// shared behind an `Arc`, compared by message (`http::Error` is neither `Clone` nor
    /// `PartialEq`, and its kind is private).
    ///
    /// It dereferences to the `http::Error`, and the error holding it gives that
    /// `http::Error` itself as its [`source()`](std::error::Error::source) (it does not
    /// implement `Error` itself for that reason, as [`JsonError`](crate::policy::JsonError)).
    ///
    /// ```
    /// use std::error::Error;
    /// use securepay::api::{AssembleError, HttpError};
    ///
    /// let refused = http::Request::builder().uri("https://exa mple.com").body(()).unwrap_err();
    /// let error = AssembleError::Http(HttpError::from(refused));
    /// assert_eq!(error.to_string(), "invalid uri character");
    /// assert!(error.source().unwrap().is::<http::Error>());
    /// assert_eq!(error.clone(), error);
    /// ```
    HttpError(http::Error);
    /// The `http::Error`.
    ///
    /// ```
    /// use securepay::api::HttpError;
    ///
    /// let refused = http::Request::builder().uri("https://exa mple.com").body(()).unwrap_err();
    /// assert!(HttpError::from(refused).get().is::<http::uri::InvalidUri>());
    /// ```
}

shared_http_error! {
    /// An [`http::uri::InvalidUri`] that [`BaseUrlError`] can hold while staying `Clone` and
    /// `Eq`: shared behind an `Arc`, compared by message (`InvalidUri` is neither `Clone` nor
    /// `PartialEq`, and its kind is private).
    ///
    /// It dereferences to the `InvalidUri`, and the error holding it gives that `InvalidUri`
    /// itself as its [`source()`](std::error::Error::source).
    ///
    /// ```
    /// use securepay::api::{Api, BaseUrlError, RequestError};
    ///
    /// let error = Api::new().with_base_url("https://exa mple.com").unwrap_err();
    /// let RequestError::BaseUrl { reason: BaseUrlError::Uri(uri), .. } = error else { panic!() };
    /// assert_eq!(uri.to_string(), "invalid uri character");
    /// ```
    UriError(http::uri::InvalidUri);
    /// The `http::uri::InvalidUri`.
    ///
    /// ```
    /// use securepay::api::UriError;
    ///
    /// let invalid = "https://exa mple.com".parse::<http::Uri>().unwrap_err();
    /// assert_eq!(UriError::from(invalid).get().to_string(), "invalid uri character");
    /// ```
}
