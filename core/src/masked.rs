//! A value hidden from people but not from the code that builds or checks the transaction
//! (`hidePayeeAddress`), and the payee as a payer-facing screen shows it.

use core::fmt;

use serde::{Serialize, Serializer};

use crate::address::ChainAddress;

/// The text shown, written and serialized in place of a masked value.
pub const MASKED_TEXT: &str = "hidden";

/// A value that is never shown: `Debug`, `Display` and serde write [`MASKED_TEXT`], whatever
/// the value. Code that builds or checks a transaction reads the real value through the
/// explicitly named [`Masked::reveal_for_transaction`].
///
/// It cannot be deserialized: a masked value is made from a real one, never read from text.
///
/// ```
/// use securepay_core::address::ChainAddress;
/// use securepay_core::masked::Masked;
///
/// let payee = ChainAddress::parse_any("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?;
/// let masked = Masked::new(payee);
/// assert_eq!(masked.to_string(), "hidden");
/// assert_eq!(format!("{masked:?}"), "Masked(hidden)");
/// assert_eq!(serde_json::to_string(&masked)?, r#""hidden""#);
/// assert_eq!(masked.reveal_for_transaction(), &payee);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Masked<T>(T);

impl<T> Masked<T> {
    /// Masks `value`.
    ///
    /// ```
    /// use securepay_core::masked::{Masked, MASKED_TEXT};
    ///
    /// let secret = Masked::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7");
    /// assert_eq!(format!("{secret} {secret:?}"), format!("{MASKED_TEXT} Masked({MASKED_TEXT})"));
    /// ```
    pub const fn new(value: T) -> Masked<T> {
        Masked(value)
    }

    /// The real value, for building or checking the transaction only: never show it.
    ///
    /// ```
    /// use securepay_core::address::ChainAddress;
    /// use securepay_core::masked::Masked;
    ///
    /// let payee = ChainAddress::parse_any("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?;
    /// let masked = Masked::new(payee);
    /// assert!(masked.reveal_for_transaction().fits(securepay_core::network::Network::Base));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn reveal_for_transaction(&self) -> &T {
        &self.0
    }

    /// The real value, for building or checking the transaction only: never show it.
    ///
    /// ```
    /// use securepay_core::masked::Masked;
    ///
    /// let masked = Masked::new(String::from("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"));
    /// assert_eq!(masked.into_revealed_for_transaction(), "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    /// ```
    pub fn into_revealed_for_transaction(self) -> T {
        self.0
    }
}

impl<T> fmt::Debug for Masked<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Masked({MASKED_TEXT})")
    }
}

impl<T> fmt::Display for Masked<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(MASKED_TEXT)
    }
}

impl<T> Serialize for Masked<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(MASKED_TEXT)
    }
}

/// The payee as a payer-facing screen shows it: in clear, or masked (`hidePayeeAddress`).
///
/// A masked payee offers no name resolution, no copy action and no explorer link, and never
/// reveals the address through `Debug`, `Display` or serde; the transaction still uses the real
/// address ([`PayeeDisplay::address_for_transaction`]).
///
/// Serialized as `{"masked":false,"address":"0x…"}` or `{"masked":true}`.
///
/// ```
/// use securepay_core::address::ChainAddress;
/// use securepay_core::masked::PayeeDisplay;
///
/// let payee = ChainAddress::parse_any("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")?;
/// let shown = PayeeDisplay::new(payee, true);
/// assert!(shown.is_masked() && !shown.can_copy() && !shown.has_explorer_link() && !shown.can_resolve_name());
/// assert!(!format!("{shown} {shown:?}").contains("TR7N"));
/// assert_eq!(shown.address_for_transaction(), &payee);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PayeeDisplay {
    /// Shown in clear, with copy, explorer link and name resolution.
    Clear(ChainAddress),
    /// Masked.
    Masked(Masked<ChainAddress>),
}

impl PayeeDisplay {
    /// `payee`, masked when `hide_payee_address`.
    ///
    /// ```
    /// use securepay_core::address::ChainAddress;
    /// use securepay_core::masked::PayeeDisplay;
    ///
    /// let payee = ChainAddress::parse_any("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?;
    /// let clear = PayeeDisplay::new(payee, false);
    /// assert_eq!(serde_json::to_string(&clear)?, r#"{"masked":false,"address":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"}"#);
    /// assert_eq!(serde_json::to_string(&PayeeDisplay::new(payee, true))?, r#"{"masked":true}"#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn new(payee: ChainAddress, hide_payee_address: bool) -> PayeeDisplay {
        if hide_payee_address {
            PayeeDisplay::Masked(Masked::new(payee))
        } else {
            PayeeDisplay::Clear(payee)
        }
    }

    /// Whether the address is masked.
    ///
    /// ```
    /// use securepay_core::address::ChainAddress;
    /// use securepay_core::masked::PayeeDisplay;
    ///
    /// let payee = ChainAddress::parse_any("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")?;
    /// assert!(PayeeDisplay::new(payee, true).is_masked());
    /// assert!(!PayeeDisplay::new(payee, false).is_masked());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_masked(&self) -> bool {
        matches!(self, PayeeDisplay::Masked(_))
    }

    /// Whether the screen may offer to copy the address.
    ///
    /// ```
    /// use securepay_core::address::ChainAddress;
    /// use securepay_core::masked::PayeeDisplay;
    ///
    /// let payee = ChainAddress::parse_any("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")?;
    /// assert!(PayeeDisplay::new(payee, false).can_copy());
    /// assert!(!PayeeDisplay::new(payee, true).can_copy());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn can_copy(&self) -> bool {
        !self.is_masked()
    }

    /// Whether the screen may link the address to a block explorer.
    ///
    /// ```
    /// use securepay_core::address::ChainAddress;
    /// use securepay_core::masked::PayeeDisplay;
    ///
    /// let payee = ChainAddress::parse_any("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?;
    /// assert!(PayeeDisplay::new(payee, false).has_explorer_link());
    /// assert!(!PayeeDisplay::new(payee, true).has_explorer_link());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn has_explorer_link(&self) -> bool {
        !self.is_masked()
    }

    /// Whether the screen may resolve the address to a name (ENS and the like).
    ///
    /// ```
    /// use securepay_core::address::ChainAddress;
    /// use securepay_core::masked::PayeeDisplay;
    ///
    /// let payee = ChainAddress::parse_any("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?;
    /// assert!(PayeeDisplay::new(payee, false).can_resolve_name());
    /// assert!(!PayeeDisplay::new(payee, true).can_resolve_name()); // no ENS lookup of a hidden payee
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn can_resolve_name(&self) -> bool {
        !self.is_masked()
    }

    /// The address to show, `None` when masked.
    ///
    /// ```
    /// use securepay_core::address::ChainAddress;
    /// use securepay_core::masked::PayeeDisplay;
    ///
    /// let payee = ChainAddress::parse_any("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?;
    /// assert_eq!(PayeeDisplay::new(payee, false).shown_address(), Some(&payee));
    /// assert_eq!(PayeeDisplay::new(payee, true).shown_address(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn shown_address(&self) -> Option<&ChainAddress> {
        match self {
            PayeeDisplay::Clear(address) => Some(address),
            PayeeDisplay::Masked(_) => None,
        }
    }

    /// The real address, for building or checking the transaction only.
    ///
    /// ```
    /// use securepay_core::address::ChainAddress;
    /// use securepay_core::masked::PayeeDisplay;
    ///
    /// let payee = ChainAddress::parse_any("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?;
    /// let masked = PayeeDisplay::new(payee, true);
    /// assert_eq!(masked.to_string(), "hidden");
    /// assert_eq!(masked.address_for_transaction(), &payee); // the transaction still pays the payee
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn address_for_transaction(&self) -> &ChainAddress {
        match self {
            PayeeDisplay::Clear(address) => address,
            PayeeDisplay::Masked(masked) => masked.reveal_for_transaction(),
        }
    }
}

impl fmt::Display for PayeeDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PayeeDisplay::Clear(address) => address.fmt(f),
            PayeeDisplay::Masked(masked) => masked.fmt(f),
        }
    }
}

impl Serialize for PayeeDisplay {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            PayeeDisplay::Clear(address) => {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("masked", &false)?;
                map.serialize_entry("address", address)?;
                map.end()
            }
            PayeeDisplay::Masked(_) => {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("masked", &true)?;
                map.end()
            }
        }
    }
}
