//! Addresses by behaviour (issue 33, "Proof, not belief"): the code of
//! evm/contracts/securepay/Hostile.sol, placed at the addresses a pay response chooses, as the
//! test tokens are placed at the catalog's addresses. The response is the adversary: any address
//! it names (a fee address, a batch row's recipient, a spender, a token outside the catalog, a
//! message receiver) may be a contract, and what that contract does is code the verifier cannot
//! see. One mode per run, the same at every such address.

use alloy_primitives::{Address, U256};
use alloy_sol_types::SolValue;

use super::artifacts::artifact;
use super::chain::Chain;

/// Where `HostileConfig` is (`HostileBase.CONFIG` in Hostile.sol).
pub const CONFIG: Address = Address::new([
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x05, 0xec, 0x0f, 0x16,
]);

/// The attacker's own account: after the response has run, it calls each re-entering address
/// once more (it may act whenever it likes: the allowances it was given, it takes).
pub const ATTACKER: Address = Address::repeat_byte(0xa7);

/// What the code at a chosen address does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Hostility {
    /// `HostileReEnter`: on any call with gas to spare, re-enters every payable entry point of
    /// its caller and of every Request Network contract of the chain with no rows (a batch
    /// without a reentrancy guard "refunds" its whole balance to it), takes every allowance it
    /// has of the payer's tokens, and answers `true`. Under a `transfer`'s 2300 gas it accepts.
    ReEnter,
    /// `HostileRevert`: every call reverts (a payee that refuses native value).
    Revert,
    /// `HostileBurnGas`: every call burns all the gas it is given (INVALID).
    BurnGas,
    /// `HostileNoData`: accepts everything, returns nothing (a token that "succeeds" silently).
    NoData,
    /// `HostileHugeReturn`: accepts everything, returns a megabyte (a caller that copies its
    /// answer pays for the memory).
    HugeReturn,
}

impl Hostility {
    /// Every mode.
    pub const ALL: [Hostility; 5] = [
        Hostility::ReEnter,
        Hostility::Revert,
        Hostility::BurnGas,
        Hostility::NoData,
        Hostility::HugeReturn,
    ];

    /// Its contract in evm/compiled.json.
    pub fn key(self) -> &'static str {
        match self {
            Hostility::ReEnter => "securepay/Hostile.sol:HostileReEnter",
            Hostility::Revert => "securepay/Hostile.sol:HostileRevert",
            Hostility::BurnGas => "securepay/Hostile.sol:HostileBurnGas",
            Hostility::NoData => "securepay/Hostile.sol:HostileNoData",
            Hostility::HugeReturn => "securepay/Hostile.sol:HostileHugeReturn",
        }
    }

    /// Whether a revert under this mode is only the hostile code refusing (reverting, burning
    /// the gas, answering what its caller cannot take): every mode but `ReEnter` is.
    pub fn refuses(self) -> bool {
        self != Hostility::ReEnter
    }
}

impl Chain {
    /// `HostileConfig` at [`CONFIG`]: the contracts the re-entering mode calls back (`targets`,
    /// the chain's Request Network contracts), the tokens and owners whose allowances it takes.
    pub fn place_hostile_config(
        &mut self,
        targets: &[Address],
        tokens: &[Address],
        victims: &[Address],
    ) {
        let args = (targets.to_vec(), tokens.to_vec(), victims.to_vec()).abi_encode_params();
        self.place("securepay/Hostile.sol:HostileConfig", &args, CONFIG);
    }

    /// The code of `mode` at `at` (an address without code; its balance stays).
    pub fn place_hostile(&mut self, at: Address, mode: Hostility) {
        assert!(!self.has_code(at), "{at} already has code");
        self.put_code(at, artifact(mode.key()).runtime.clone());
    }

    /// The attacker calls `at` (a re-entering address) with `poke`: it takes every allowance it
    /// has of the payer's accounts; what it takes shows in the outcome.
    pub fn poke(&mut self, at: Address) -> super::observe::Outcome {
        self.send(ATTACKER, at, b"poke".to_vec().into(), U256::ZERO)
    }
}
