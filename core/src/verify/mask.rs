//! `hidePayeeAddress`: the payee appears in no output. Parties are named [`Party::Hidden`]
//! where they are made; this last pass also masks the payee wherever an address is written in
//! text (a decoding error's reason, a party on another chain), in any of its forms: EIP-55 or
//! any case of its hex, with or without `0x`, or Base58 on Tron.

use crate::prelude::*;

use super::expectation::Expectation;
use super::finding::Finding;
use super::render::{AssetRef, AssetToken, Party};
use super::summary::SummaryLine;
use crate::address::ChainAddress;

/// Masks every agreed payee in a verification's findings and summary lines, when the merchant
/// hides it (the last step of `run::run`).
pub(super) fn verdict(exp: &Expectation, findings: &mut [Finding], lines: &mut [SummaryLine]) {
    if !exp.hide_payee_address() {
        return;
    }
    let mask = Mask::of(exp);
    for finding in findings {
        mask.finding(finding);
    }
    for line in lines {
        mask.line(line);
    }
}

impl Expectation {
    /// `text` with every agreed payee's address masked when the merchant hides it
    /// (`hidePayeeAddress`), in any of the forms the verdict masks; unchanged otherwise. For a
    /// text made outside a verdict that may quote the response, like the reason
    /// [`PayResponse::from_slice`](crate::pay::PayResponse::from_slice) refused it.
    ///
    /// ```
    /// use securepay_core::verify::Expectation;
    ///
    /// let hidden = Expectation::from_str(r#"{"network":"base","currency":"USDC-base","hidePayeeAddress":true,
    ///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"1"}]}"#)?;
    /// let reason = "unknown network `0x6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7`".to_owned();
    /// assert_eq!(hidden.mask_payees(reason), "unknown network `hidden`");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mask_payees(&self, mut text: String) -> String {
        if self.hide_payee_address() {
            Mask::of(self).text(&mut text);
        }
        text
    }
}

/// `asset`, its token masked when the merchant hides the payee and the token's address is an
/// agreed payee's (the response chose it: a payment call's token argument, a bridge's assets).
/// What the catalog knows of such a token would name the address too: only its decimals stay.
/// Every asset a verdict shows is made through here (the verification's cache of assets).
pub(super) fn asset(exp: &Expectation, mut asset: AssetRef) -> AssetRef {
    let hidden = exp.hide_payee_address()
        && asset
            .token
            .as_ref()
            .and_then(AssetToken::address)
            .is_some_and(|token| Mask::of(exp).hides(token));
    if hidden {
        asset.token = Some(AssetToken::Hidden);
        asset.currency = None;
        asset.symbol = None;
    }
    asset
}

struct Mask {
    payees: Vec<ChainAddress>,
}

impl Mask {
    /// The payees of `exp`, as their transactions name them.
    fn of(exp: &Expectation) -> Mask {
        let payees = exp
            .payments()
            .iter()
            .map(|p| *p.payee().address_for_transaction())
            .collect();
        Mask { payees }
    }

    /// Whether `address` is an agreed payee's, on any network (by its 20 bytes).
    fn hides(&self, address: &ChainAddress) -> bool {
        self.payees.iter().any(|p| p.abi() == address.abi())
    }

    fn party(&self, party: &mut Party) {
        if party.address().is_some_and(|a| self.hides(a)) {
            *party = Party::Hidden;
        }
    }

    fn text(&self, text: &mut String) {
        for payee in &self.payees {
            if let ChainAddress::Tron(tron) = payee {
                *text = text.replace(&tron.to_base58(), crate::masked::MASKED_TEXT);
            }
            let hex = alloy_primitives::hex::encode(payee.abi());
            *text = replace_hex(text, &hex);
        }
    }

    /// Masks the parties and texts of `finding`'s details. Its message is rendered from them
    /// when asked; where that would not be the text of the unmasked message with the payee
    /// masked (none is known since an asset masks its token where it is made, in
    /// [`asset`]; a text the details do not mask would be one), the masked text is
    /// kept as the message.
    fn finding(&self, finding: &mut Finding) {
        let mut message = finding.message();
        self.text(&mut message);
        self.details(finding);
        let mut rest = Rest(&message);
        if finding.write_message(&mut rest).is_err() || !rest.0.is_empty() {
            finding.masked = Some(message.into_boxed_str());
        }
    }

    fn details(&self, finding: &mut Finding) {
        let details = &mut finding.details;
        for party in [
            &mut details.party,
            &mut details.expected_party,
            &mut details.from,
        ]
        .into_iter()
        .flatten()
        {
            self.party(party);
        }
        for text in [
            &mut details.reason,
            &mut details.field,
            &mut details.stated,
            &mut details.reference,
            &mut details.expected_reference,
        ]
        .into_iter()
        .flatten()
        {
            self.text(text);
        }
    }

    fn line(&self, line: &mut SummaryLine) {
        match line {
            SummaryLine::Pay {
                payee, reference, ..
            } => {
                self.party(payee);
                // The reference is the calldata's: the server may have put the payee there.
                if let Some(reference) = reference {
                    self.text(reference);
                }
            }
            SummaryLine::Approve { spender: party, .. }
            | SummaryLine::Fee {
                recipient: party, ..
            }
            | SummaryLine::BatchFee {
                recipient: party, ..
            }
            | SummaryLine::Refund {
                contract: party, ..
            }
            | SummaryLine::AtRisk {
                contract: party, ..
            } => self.party(party),
            SummaryLine::TronTransaction(tron) => {
                if let Some(party) = &mut tron.contract {
                    self.party(party);
                }
            }
            SummaryLine::Bridge { .. }
            | SummaryLine::NotShown { .. }
            | SummaryLine::Total { .. } => {}
        }
    }
}

/// What is left of a text as another is written and compared with it: writing fails at the
/// first difference (no copy is made).
struct Rest<'a>(&'a str);

impl core::fmt::Write for Rest<'_> {
    fn write_str(&mut self, text: &str) -> core::fmt::Result {
        self.0 = self.0.strip_prefix(text).ok_or(core::fmt::Error)?;
        Ok(())
    }
}

/// `text` with every occurrence of the 40 hex digits `hex` (any case, with or without `0x`)
/// replaced by the masked text.
fn replace_hex(text: &str, hex: &str) -> String {
    let lower = text.to_ascii_lowercase();
    let mut out = String::with_capacity(text.len());
    let mut rest = 0;
    let mut from = 0;
    while let Some(found) = lower.get(from..).and_then(|l| l.find(hex)) {
        let start = from.saturating_add(found);
        let end = start.saturating_add(hex.len());
        let prefixed = start >= 2 && lower.get(start.saturating_sub(2)..start) == Some("0x");
        let cut = if prefixed {
            start.saturating_sub(2)
        } else {
            start
        };
        out.push_str(text.get(rest..cut).unwrap_or_default());
        out.push_str(crate::masked::MASKED_TEXT);
        rest = end;
        from = end;
    }
    out.push_str(text.get(rest..).unwrap_or_default());
    out
}

#[cfg(test)]
mod tests {
    use super::replace_hex;

    #[test]
    fn every_case_and_prefix_of_the_hex_is_masked() {
        let hex = "6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7";
        let text = "to 0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7, body 6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7.";
        assert_eq!(replace_hex(text, hex), "to hidden, body hidden.");
        assert_eq!(replace_hex("nothing", hex), "nothing");
    }
}
