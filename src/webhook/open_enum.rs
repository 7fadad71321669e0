//! `open_enum!`: an enum of the values the service documents, plus `Other(String)` keeping any
//! other text, serialized as the plain string.
//!
//! Used for status values the service may extend. Matching is exact (case-sensitive): text that
//! is not one of the documented spellings is kept in `Other`, and callers decide what an
//! unknown value means (the state machines reject it rather than guess).

/// Declares an open enum: `$name { $(Variant = "text"),*, Other(String) }` with `as_str`,
/// `parse` (infallible), `is_known`, `Display`, `From<&str>` and serde as the wire string.
macro_rules! open_enum {
    (
        $(#[$meta:meta])*
        $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
            /// A value the service sent that this version does not know; the raw text is kept.
            Other(String),
        }

        impl $name {
            /// Every documented value, in declaration order.
            pub const KNOWN: &'static [&'static str] = &[$($text),+];

            /// The wire spelling.
            ///
            /// ```
            /// # use securepay::{api::*, partial::*, webhook::*};
            #[doc = concat!(" let first = ", stringify!($name), "::KNOWN[0];")]
            #[doc = concat!(" assert_eq!(", stringify!($name), "::parse(first).as_str(), first);")]
            #[doc = concat!(" assert_eq!(", stringify!($name), r##"::Other("x-new".into()).as_str(), "x-new");"##)]
            /// ```
            pub fn as_str(&self) -> &str {
                match self {
                    $( $name::$variant => $text, )+
                    $name::Other(text) => text,
                }
            }

            /// Reads the wire spelling; anything undocumented becomes `Other` with the text kept.
            ///
            /// ```
            /// # use securepay::{api::*, partial::*, webhook::*};
            #[doc = concat!(" for text in ", stringify!($name), "::KNOWN {")]
            #[doc = concat!("     assert!(", stringify!($name), "::parse(text).is_known());")]
            /// }
            #[doc = concat!(" assert_eq!(", stringify!($name), r##"::parse("x-new"), "##, stringify!($name), r##"::Other("x-new".to_owned()));"##)]
            /// ```
            pub fn parse(text: &str) -> $name {
                match text {
                    $( $text => $name::$variant, )+
                    other => $name::Other(other.to_owned()),
                }
            }

            /// Whether this is one of the documented values (not `Other`).
            ///
            /// ```
            /// # use securepay::{api::*, partial::*, webhook::*};
            #[doc = concat!(" assert!(", stringify!($name), "::parse(", stringify!($name), "::KNOWN[0]).is_known());")]
            #[doc = concat!(" assert!(!", stringify!($name), r##"::parse("x-new").is_known());"##)]
            /// ```
            pub fn is_known(&self) -> bool {
                !matches!(self, $name::Other(_))
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::std::convert::From<&str> for $name {
            fn from(text: &str) -> $name {
                $name::parse(text)
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> ::std::result::Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> ::std::result::Result<Self, D::Error> {
                let text = <::std::borrow::Cow<'de, str> as ::serde::Deserialize>::deserialize(deserializer)?;
                Ok($name::parse(&text))
            }
        }
    };
}

pub(crate) use open_enum;
