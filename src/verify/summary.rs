//! The clear-signing summary: a few lines a person can read.

use serde::Serialize;

/// What a signature does, in a few lines, stated from the decoded transactions rather than from
/// the expectation, so a swapped payee or an inflated fee reads as it would happen:
/// `"Approve 10.8 USDC for the payment contract (ERC20FeeProxy)"`, `"Pay 10.3 USDC to
/// 0x4242…4201 on Base, reference 0x0101…0101"`, `"Fee 0.2 USDC to 0x9795…eCe2 (platform,
/// deducted from the payment)"`, `"Fee 0.3 USDC to 0x9795…eCe2 (platform, paid by you)"`,
/// `"Total leaving your wallet: 10.8 USDC"`. A fee no entry declares reads `(not a declared
/// fee)`. A payee masked by `hidePayeeAddress` appears as `hidden`.
///
/// ```
/// use securepay::verify::{verify, Expectation};
/// # let response = securepay::pay::PayResponse::from_slice(include_bytes!("../../tests/data/pay/single_erc20_fees.json"))?;
///
/// let agreed = Expectation::from_json(r#"{"network":"base","currency":"USDC-base","hidePayeeAddress":true,"maxPayerFees":"0.30",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#)?;
/// let summary = verify(&response, &agreed).summary;
/// assert_eq!(summary.lines, [
///     "Approve 827.8 USDC for the payment contract (ERC20FeeProxy)",
///     "Pay 826.25 USDC to hidden on Base, reference 0xe23a…2b30", // 827.50 less the payee's fee
///     "Fee 0.3 USDC to 0x9795…eCe2 (platform fee, paid by you)",
///     "Fee 1.25 USDC to 0x9795…eCe2 (protocol fee, deducted from the payment)",
///     "Total leaving your wallet: 827.8 USDC",
/// ]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// The lines, in order: approvals, payments, fees, bridges, total.
    pub lines: Vec<String>,
}

/// `0x1234…abcd` for an address or hex text longer than 14 characters.
pub(super) fn short(text: &str) -> String {
    let count = text.chars().count();
    if count <= 14 {
        return text.to_owned();
    }
    let head_end = text.char_indices().nth(6).map_or(text.len(), |(i, _)| i);
    let tail_start = text
        .char_indices()
        .nth(count.saturating_sub(4))
        .map_or(text.len(), |(i, _)| i);
    let (head, tail) = (text.get(..head_end), text.get(tail_start..));
    format!("{}…{}", head.unwrap_or_default(), tail.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::short;

    #[test]
    fn short_keeps_six_leading_and_four_trailing_characters() {
        assert_eq!(
            short("0x1234567890abcdef1234567890abcdef12345678"),
            "0x1234…5678"
        );
        assert_eq!(short("0x123456789012"), "0x123456789012");
        assert_eq!(short("0x1234567890123"), "0x1234…0123");
        assert_eq!(short("ééééééééééééééé"), "éééééé…éééé");
    }
}
