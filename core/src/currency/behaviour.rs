//! What the crate holds as fact about how particular tokens behave, each fact with its public
//! source; everything else is unknown, and for an unknown behaviour the worst case holds.
//!
//! A payment contract calls the token (`transferFrom`, `transfer`, `approve`), and what then
//! happens is the token's: the ERC-20 text promises little. The catalogue of behaviours is
//! d-xo/weird-erc20 (`readme.md`, "Weird ERC20 Tokens"). The rule the verifier follows: a
//! behaviour that changes what a payment moves is assumed **present** for a token unless this
//! table holds it as proven absent for that token. A fee on transfer is held absent for DAI on
//! Ethereum (its code takes none and cannot be replaced), for Circle's USDC on Ethereum,
//! Arbitrum, OP Mainnet, Base and Polygon (FiatToken takes none; its issuer can upgrade it)
//! and for USDT on Ethereum (its fee parameters are 0; its owner can raise them). What a
//! verdict relies on of these facts is its list of
//! [`assumptions`](crate::verify::Verdict::assumptions); for every other token the
//! [`crate::verify::FindingCode::TokenBehaviour`] caution says that nothing proves it.
//!
//! ```
//! use securepay_core::currency::{Catalog, TokenBehaviour, TokenFacts};
//! use securepay_core::network::Network;
//!
//! let facts = TokenFacts::builtin();
//! let usdt = Catalog::builtin().get("USDT-mainnet")?.token_address().ok_or("a token")?;
//! // USDT on Ethereum takes no fee on transfer today (its fee parameters are 0)…
//! let fee = facts.fact(Network::Mainnet, &usdt, TokenBehaviour::FeeOnTransfer).ok_or("a fact")?;
//! assert!(!fee.present);
//! assert!(fee.source.starts_with("d-xo/weird-erc20@"));
//! // … but its code can be replaced: that absence is an assumption, not a proof for ever.
//! assert!(facts.may_have(Network::Mainnet, &usdt, TokenBehaviour::Upgradeable));
//! // Nothing is known of USDT on Base: every behaviour may be there.
//! let usdt_base = Catalog::builtin().get("USDT-base")?.token_address().ok_or("a token")?;
//! assert!(facts.fact(Network::Base, &usdt_base, TokenBehaviour::FeeOnTransfer).is_none());
//! assert!(facts.may_have(Network::Base, &usdt_base, TokenBehaviour::FeeOnTransfer));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use alloy_primitives::{Address, address};
use serde::Serialize;

use crate::address::ChainAddress;
use crate::network::Network;

/// A way a token differs from the plain ERC-20 a payment contract expects (d-xo/weird-erc20).
///
/// ```
/// use securepay_core::currency::TokenBehaviour;
///
/// assert_eq!(TokenBehaviour::FeeOnTransfer.as_str(), "fee_on_transfer");
/// assert_eq!(serde_json::to_string(&TokenBehaviour::ApprovalRaceProtection)?, r#""approval_race_protection""#);
/// // Only a fee on transfer changes what a payment that runs moves; the others make it fail.
/// let amounts: Vec<_> = TokenBehaviour::ALL.iter().filter(|b| b.changes_amounts()).collect();
/// assert_eq!(amounts, [&TokenBehaviour::FeeOnTransfer]);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum TokenBehaviour {
    /// Each transfer takes a fee: the recipient gets less than `amount`, the events still say
    /// `amount` (STA, PAXG; USDT and USDC may in the future).
    FeeOnTransfer,
    /// A transfer to `address(0)` reverts (OpenZeppelin's ERC20, USDC). Absent: it succeeds and
    /// the tokens are lost (USDT and DAI on Ethereum).
    RevertOnTransferToZeroAddress,
    /// `transfer`, `transferFrom` or `approve` return nothing (USDT on Ethereum, BNB).
    MissingReturnValues,
    /// A failed transfer returns `false` instead of reverting (ZRX).
    ReturnsFalse,
    /// `approve(M > 0)` reverts while the allowance is not zero (USDT on Ethereum, KNC).
    ApprovalRaceProtection,
    /// `transferFrom(src, …)` called by `src` needs no allowance (DAI).
    TransferFromSelfWithoutAllowance,
    /// Transfers from or to a blocked address revert (USDC, USDT).
    Blocklist,
    /// While paused every transfer reverts (USDC, USDT).
    Pause,
    /// The owner can replace the code, and with it any behaviour (USDC, USDT).
    Upgradeable,
    /// A transfer of 0 reverts (LEND).
    RevertOnZeroValueTransfer,
}

impl TokenBehaviour {
    /// Every behaviour.
    pub const ALL: &'static [TokenBehaviour] = &[
        TokenBehaviour::FeeOnTransfer,
        TokenBehaviour::RevertOnTransferToZeroAddress,
        TokenBehaviour::MissingReturnValues,
        TokenBehaviour::ReturnsFalse,
        TokenBehaviour::ApprovalRaceProtection,
        TokenBehaviour::TransferFromSelfWithoutAllowance,
        TokenBehaviour::Blocklist,
        TokenBehaviour::Pause,
        TokenBehaviour::Upgradeable,
        TokenBehaviour::RevertOnZeroValueTransfer,
    ];

    /// The stable snake_case name.
    pub const fn as_str(self) -> &'static str {
        match self {
            TokenBehaviour::FeeOnTransfer => "fee_on_transfer",
            TokenBehaviour::RevertOnTransferToZeroAddress => "revert_on_transfer_to_zero_address",
            TokenBehaviour::MissingReturnValues => "missing_return_values",
            TokenBehaviour::ReturnsFalse => "returns_false",
            TokenBehaviour::ApprovalRaceProtection => "approval_race_protection",
            TokenBehaviour::TransferFromSelfWithoutAllowance => {
                "transfer_from_self_without_allowance"
            }
            TokenBehaviour::Blocklist => "blocklist",
            TokenBehaviour::Pause => "pause",
            TokenBehaviour::Upgradeable => "upgradeable",
            TokenBehaviour::RevertOnZeroValueTransfer => "revert_on_zero_value_transfer",
        }
    }

    /// Whether the behaviour, when present, changes what a payment that runs to the end moves
    /// (rather than making it fail). The verifier cautions about these for every token that
    /// does not have them proven absent. (Of the others, it says only
    /// [`TokenBehaviour::RevertOnZeroValueTransfer`], where a call pulls 0 of a token: that
    /// failure is in the calldata, not in a state it cannot see.)
    pub const fn changes_amounts(self) -> bool {
        matches!(self, TokenBehaviour::FeeOnTransfer)
    }
}

impl fmt::Display for TokenBehaviour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One fact: on `network`, the token at `token` has (`present`) or has not `behaviour`, as
/// `source` shows.
///
/// ```
/// use securepay_core::currency::{TokenBehaviour, TokenFacts};
///
/// // DAI on Ethereum: a transfer to the zero address succeeds (the tokens are lost).
/// let dai = TokenFacts::builtin().iter()
///     .find(|f| f.behaviour == TokenBehaviour::RevertOnTransferToZeroAddress && !f.present)
///     .ok_or("a fact")?;
/// assert_eq!(dai.token.to_string(), "0x6B175474E89094C44Da98b954EedeAC495271d0F");
/// assert!(dai.source.starts_with("makerdao/dss@"));
/// # Ok::<(), &str>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TokenFact {
    /// The chain.
    pub network: Network,
    /// The token contract's 20 bytes.
    pub token: Address,
    /// The behaviour.
    pub behaviour: TokenBehaviour,
    /// Whether the token has it.
    pub present: bool,
    /// The public source that shows it.
    pub source: &'static str,
}

/// d-xo/weird-erc20's catalogue of token behaviours.
const WEIRD: &str = "d-xo/weird-erc20@03132dc96a39873693f0f7e7ed104e276f03b0a6:readme.md";
/// Circle's FiatToken (USDC's implementation).
const FIAT_TOKEN: &str = "circlefin/stablecoin-evm@004ad84b4b667d03625e0ce5378fbce416e50e1b:contracts/v1/FiatTokenV1.sol";
/// Maker's Dai as deployed on Ethereum in 2019.
const DAI_SOURCE: &str = "makerdao/dss@d4cbab910f160d26cd276aa71f9dda872f69791c:src/dai.sol";
/// Circle names the native USDC deployments (proxy and implementation) on Arbitrum, Base, OP
/// Mainnet and Polygon PoS as the FiatToken code other chains must copy; USDC "uses a proxy
/// pattern".
const NATIVE_USDC: &str = "circlefin/stablecoin-evm@be3f8bdd4f89bb7b7406c2e2e12af4e4392accb9:doc/bridged_USDC_standard.md";

const USDT_MAINNET: Address = address!("0xdAC17F958D2ee523a2206206994597C13D831ec7");
const USDC_MAINNET: Address = address!("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
const DAI_MAINNET: Address = address!("0x6B175474E89094C44Da98b954EedeAC495271d0F");

const fn fact(
    token: Address,
    behaviour: TokenBehaviour,
    present: bool,
    source: &'static str,
) -> TokenFact {
    fact_on(Network::Mainnet, token, behaviour, present, source)
}

const fn fact_on(
    network: Network,
    token: Address,
    behaviour: TokenBehaviour,
    present: bool,
    source: &'static str,
) -> TokenFact {
    TokenFact {
        network,
        token,
        behaviour,
        present,
        source,
    }
}

/// The facts, from their sources only. What a source does not say is not here.
const FACTS: &[TokenFact] = &[
    // USDT (Ethereum): "do not currently charge a fee but may do so in the future (e.g. USDT,
    // USDC)" ("Fee on Transfer": the fee parameters are 0, the owner can raise them);
    // approval race protection, blocklist, upgradable: the readme's sections of those names.
    fact(
        USDT_MAINNET,
        TokenBehaviour::FeeOnTransfer,
        false,
        concat!(
            "d-xo/weird-erc20@03132dc96a39873693f0f7e7ed104e276f03b0a6:readme.md",
            " (Fee on Transfer: USDT does not currently charge a fee; its owner can set one)"
        ),
    ),
    fact(
        USDT_MAINNET,
        TokenBehaviour::ApprovalRaceProtection,
        true,
        WEIRD,
    ),
    // "Missing Return Values: some tokens do not return a bool (e.g. USDT, BNB, OMG)": Tether's
    // `transferFrom(address _from, address _to, uint _value) public` returns nothing.
    fact(
        USDT_MAINNET,
        TokenBehaviour::MissingReturnValues,
        true,
        concat!(
            "d-xo/weird-erc20@03132dc96a39873693f0f7e7ed104e276f03b0a6:readme.md",
            " (Missing Return Values: USDT)"
        ),
    ),
    fact(USDT_MAINNET, TokenBehaviour::Blocklist, true, WEIRD),
    fact(USDT_MAINNET, TokenBehaviour::Upgradeable, true, WEIRD),
    // DAI (Ethereum): `transferFrom` moves `wad` whole and checks no zero address nor a zero
    // value, and skips the allowance when `src == msg.sender`; the contract is no proxy and
    // has no function that replaces its code.
    fact(
        DAI_MAINNET,
        TokenBehaviour::FeeOnTransfer,
        false,
        DAI_SOURCE,
    ),
    fact(
        DAI_MAINNET,
        TokenBehaviour::RevertOnTransferToZeroAddress,
        false,
        DAI_SOURCE,
    ),
    fact(
        DAI_MAINNET,
        TokenBehaviour::RevertOnZeroValueTransfer,
        false,
        DAI_SOURCE,
    ),
    // `transferFrom(address src, address dst, uint wad) public returns (bool)`, returning `true`.
    fact(
        DAI_MAINNET,
        TokenBehaviour::MissingReturnValues,
        false,
        DAI_SOURCE,
    ),
    fact(
        DAI_MAINNET,
        TokenBehaviour::TransferFromSelfWithoutAllowance,
        true,
        DAI_SOURCE,
    ),
    fact(DAI_MAINNET, TokenBehaviour::Upgradeable, false, DAI_SOURCE),
];

/// The FiatToken facts of each native USDC, with its chain's source. What FiatToken's code
/// does (`contracts/v1/FiatTokenV1.sol`): `_transfer` moves `value` whole (no fee) and requires
/// `to != address(0)` but not a non-zero value; `transferFrom` returns `true`;
/// `whenNotPaused`, `notBlacklisted`; the proxy's admin can replace the implementation.
macro_rules! fiat_tokens {
    ($(($network:expr, $token:expr, $source:expr)),* $(,)?) => {
        [$(
            fact_on($network, $token, TokenBehaviour::FeeOnTransfer, false, $source),
            fact_on($network, $token, TokenBehaviour::RevertOnTransferToZeroAddress, true, $source),
            fact_on($network, $token, TokenBehaviour::RevertOnZeroValueTransfer, false, $source),
            fact_on($network, $token, TokenBehaviour::MissingReturnValues, false, $source),
            fact_on($network, $token, TokenBehaviour::Blocklist, true, $source),
            fact_on($network, $token, TokenBehaviour::Pause, true, $source),
            fact_on($network, $token, TokenBehaviour::Upgradeable, true, $source),
        )*]
    };
}

/// Circle's native USDC: on Ethereum FiatToken behind its proxy, and on the chains Circle
/// names the same code.
const FIAT_TOKEN_FACTS: [TokenFact; 35] = fiat_tokens![
    (Network::Mainnet, USDC_MAINNET, FIAT_TOKEN),
    (
        Network::ArbitrumOne,
        address!("0xaf88d065e77c8cC2239327C5EDb3A432268e5831"),
        NATIVE_USDC
    ),
    (
        Network::Optimism,
        address!("0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85"),
        NATIVE_USDC
    ),
    (
        Network::Base,
        address!("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"),
        NATIVE_USDC
    ),
    (
        Network::Matic,
        address!("0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359"),
        NATIVE_USDC
    ),
];

/// The table of token facts.
///
/// ```
/// use securepay_core::currency::{TokenBehaviour, TokenFacts};
///
/// // A fee on transfer is proven absent for DAI on Ethereum, USDT on Ethereum and Circle's
/// // USDC on five chains; for every other token the worst case holds.
/// let no_fee = TokenFacts::builtin().iter()
///     .filter(|f| f.behaviour == TokenBehaviour::FeeOnTransfer && !f.present)
///     .count();
/// assert_eq!(no_fee, 7);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct TokenFacts {
    facts: &'static [TokenFact],
    fiat_tokens: &'static [TokenFact],
}

impl TokenFacts {
    /// The facts compiled into the crate.
    pub fn builtin() -> &'static TokenFacts {
        static BUILTIN: TokenFacts = TokenFacts {
            facts: FACTS,
            fiat_tokens: &FIAT_TOKEN_FACTS,
        };
        &BUILTIN
    }

    /// Every fact.
    pub fn iter(&self) -> impl Iterator<Item = &'static TokenFact> + use<> {
        self.facts.iter().chain(self.fiat_tokens)
    }

    /// The fact about `behaviour` of `token` on `network`, if one is held.
    pub fn fact(
        &self,
        network: Network,
        token: &ChainAddress,
        behaviour: TokenBehaviour,
    ) -> Option<&'static TokenFact> {
        let abi = token.abi();
        self.iter()
            .find(|f| f.network == network && f.token == abi && f.behaviour == behaviour)
    }

    /// Whether `token` on `network` may have `behaviour`: it does unless a fact proves it
    /// absent (the worst case holds where nothing is known).
    ///
    /// ```
    /// use securepay_core::currency::{Catalog, TokenBehaviour, TokenFacts};
    /// use securepay_core::network::Network;
    ///
    /// let dai = Catalog::builtin().get("DAI-mainnet")?.token_address().ok_or("a token")?;
    /// let facts = TokenFacts::builtin();
    /// assert!(!facts.may_have(Network::Mainnet, &dai, TokenBehaviour::RevertOnTransferToZeroAddress));
    /// assert!(!facts.may_have(Network::Mainnet, &dai, TokenBehaviour::FeeOnTransfer));
    /// assert!(facts.may_have(Network::Mainnet, &dai, TokenBehaviour::Blocklist)); // nothing known
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn may_have(
        &self,
        network: Network,
        token: &ChainAddress,
        behaviour: TokenBehaviour,
    ) -> bool {
        self.fact(network, token, behaviour)
            .is_none_or(|fact| fact.present)
    }
}

#[cfg(test)]
mod tests {
    use super::{FIAT_TOKEN_FACTS, TokenBehaviour, TokenFacts};
    use crate::currency::Catalog;
    use crate::prelude::*;

    /// Each native USDC the facts name is the catalog's USDC on that chain (the addresses
    /// Circle's `doc/bridged_USDC_standard.md` links), and every one has every FiatToken fact.
    #[test]
    fn the_fiat_token_facts_are_the_catalogs_usdc() {
        let catalog = Catalog::builtin();
        let mut tokens: Vec<_> = FIAT_TOKEN_FACTS
            .iter()
            .map(|f| (f.network, f.token))
            .collect();
        tokens.dedup();
        assert_eq!(tokens.len(), 5);
        for (network, token) in tokens {
            let usdc: Vec<_> = catalog
                .currencies()
                .filter(|c| c.chain_network() == Some(network) && c.symbol() == "USDC")
                .filter_map(|c| c.token_address())
                .map(|a| a.abi())
                .collect();
            assert_eq!(usdc, [token], "{network}");
            for behaviour in TokenBehaviour::ALL {
                let held = FIAT_TOKEN_FACTS
                    .iter()
                    .filter(|f| f.network == network && f.token == token)
                    .any(|f| f.behaviour == *behaviour);
                let expected = !matches!(
                    behaviour,
                    TokenBehaviour::ReturnsFalse
                        | TokenBehaviour::ApprovalRaceProtection
                        | TokenBehaviour::TransferFromSelfWithoutAllowance
                );
                assert_eq!(held, expected, "{network} {behaviour}");
            }
        }
        // One fact per (chain, token, behaviour).
        let facts: Vec<_> = TokenFacts::builtin().iter().collect();
        for (i, a) in facts.iter().enumerate() {
            for b in facts.iter().skip(i + 1) {
                assert!(
                    (a.network, a.token, a.behaviour) != (b.network, b.token, b.behaviour),
                    "{a:?}"
                );
            }
        }
    }
}
