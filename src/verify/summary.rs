//! The clear-signing summary: a few lines a person can read.

use serde::Serialize;

/// What a signature does, in a few lines (`"Pay 10.50 USDC to 0x1234…abcd on Base, reference
/// 0x1a2b…7081"`, `"Fee 0.30 USDC to 0x9795…DeCe2 (platform, paid by you)"`, `"Approve unlimited
/// USDC for the payment contract"`, `"Total leaving your wallet: 10.80 USDC"`). A payee masked
/// by `hidePayeeAddress` appears as `hidden`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// The lines, in order: approvals, payments, fees, bridges, total.
    pub lines: Vec<String>,
}

/// `0x1234…abcd` for an address or hex text longer than 14 characters.
pub(super) fn short(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= 14 {
        return text.to_owned();
    }
    let head: String = chars.iter().take(6).collect();
    let tail: String = chars.iter().skip(chars.len() - 4).collect();
    format!("{head}…{tail}")
}
