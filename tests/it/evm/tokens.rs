//! The test tokens of evm/contracts/securepay/tokens/, one per behaviour of a token that changes
//! what a payment moves (the catalogue d-xo/weird-erc20), each with its decimals.

use alloy_primitives::{Address, U256};
use alloy_sol_types::{SolCall, SolValue};

use super::abi::ITestToken;
use super::chain::{Chain, DEPLOYER};

/// How a token differs from OpenZeppelin's ERC20.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Behaviour {
    /// OpenZeppelin's ERC20 4.9.6 itself: a transfer to the zero address reverts (USDC).
    Standard,
    /// A transfer to the zero address succeeds: the tokens are lost (USDT, DAI on Ethereum).
    NoZeroCheck,
    /// `transfer`, `transferFrom`, `approve` return nothing (USDT on Ethereum, BNB).
    MissingReturn,
    /// A missing balance or allowance returns false and moves nothing (ZRX).
    ReturnsFalse,
    /// Each transfer burns `bps` / 10000 of the amount; the event still says the amount (STA).
    FeeOnTransfer {
        /// The fee in basis points.
        bps: u16,
    },
    /// `approve(M > 0)` reverts while the allowance is not zero (USDT on Ethereum, KNC).
    ApprovalRace,
    /// Transfers from or to a blocked address revert (USDC, USDT).
    Blocklist,
    /// While paused every transfer reverts (USDC, USDT).
    Pausable,
    /// `transferFrom(src, …)` by `src` needs no allowance (DAI).
    SelfTransferFrom,
    /// A transfer of 0 reverts (LEND).
    ZeroValueRevert,
}

impl Behaviour {
    /// Every behaviour (the fee-on-transfer token at 1 %).
    pub const ALL: [Behaviour; 10] = [
        Behaviour::Standard,
        Behaviour::NoZeroCheck,
        Behaviour::MissingReturn,
        Behaviour::ReturnsFalse,
        Behaviour::FeeOnTransfer { bps: 100 },
        Behaviour::ApprovalRace,
        Behaviour::Blocklist,
        Behaviour::Pausable,
        Behaviour::SelfTransferFrom,
        Behaviour::ZeroValueRevert,
    ];

    /// Its contract in evm/compiled.json.
    pub fn key(self) -> &'static str {
        match self {
            Behaviour::Standard => "securepay/tokens/StandardToken.sol:StandardToken",
            Behaviour::NoZeroCheck => "securepay/tokens/Behaviours.sol:NoZeroCheckToken",
            Behaviour::MissingReturn => "securepay/tokens/Behaviours.sol:MissingReturnToken",
            Behaviour::ReturnsFalse => "securepay/tokens/Behaviours.sol:ReturnsFalseToken",
            Behaviour::FeeOnTransfer { .. } => "securepay/tokens/Behaviours.sol:FeeOnTransferToken",
            Behaviour::ApprovalRace => "securepay/tokens/Behaviours.sol:ApprovalRaceToken",
            Behaviour::Blocklist => "securepay/tokens/Behaviours.sol:BlocklistToken",
            Behaviour::Pausable => "securepay/tokens/Behaviours.sol:PausableToken",
            Behaviour::SelfTransferFrom => "securepay/tokens/Behaviours.sol:SelfTransferFromToken",
            Behaviour::ZeroValueRevert => "securepay/tokens/Behaviours.sol:ZeroValueRevertToken",
        }
    }

    /// `(uint8 decimals[, uint16 feeBps])`, each a 32-byte word.
    fn constructor_args(self, decimals: u8) -> Vec<u8> {
        match self {
            Behaviour::FeeOnTransfer { bps } => {
                (U256::from(decimals), U256::from(bps)).abi_encode_params()
            }
            _ => (U256::from(decimals),).abi_encode_params(),
        }
    }
}

impl Chain {
    /// A new token of `behaviour` with `decimals`, watched.
    pub fn deploy_token(&mut self, behaviour: Behaviour, decimals: u8) -> Address {
        let token = self.create(behaviour.key(), &behaviour.constructor_args(decimals));
        self.watch(token);
        token
    }

    /// A token of `behaviour` with `decimals` at `at` (a catalog token's address, so that the
    /// crate's decoder knows the approvals to it), watched.
    pub fn deploy_token_at(&mut self, behaviour: Behaviour, decimals: u8, at: Address) -> Address {
        self.place(behaviour.key(), &behaviour.constructor_args(decimals), at);
        self.watch(at);
        at
    }

    /// Mints `amount` of `token` to `to`.
    pub fn mint(&mut self, token: Address, to: Address, amount: U256) {
        let call = ITestToken::mintCall { to, amount };
        self.run(DEPLOYER, token, call.abi_encode(), U256::ZERO);
    }

    /// The balance of `who` in `token`.
    pub fn token_balance(&mut self, token: Address, who: Address) -> U256 {
        self.view_call(token, ITestToken::balanceOfCall { account: who })
    }
}
