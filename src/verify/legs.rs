//! What each decoded call moves: payment legs, fees paid inside proxy calls, approvals.

use alloy_primitives::{Address, Bytes, U256};

use super::finding::Location;
use crate::address::PayeeAddress;
use crate::calldata::decode::{BatchFunction, LegacyBatchTokens, RequestDetail};
use crate::calldata::{BatchPaymentNetwork, Call, DecodedCall};

/// What a leg moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Asset {
    /// A token, by contract.
    Token(PayeeAddress),
    /// The network's native currency.
    Native,
}

/// Whether a leg is a main transfer of its call or a fee the proxy pays out of the same call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LegKind {
    /// The call's transfer to its recipient.
    Main,
    /// `_feeAmount` to `_feeAddress` inside a proxy call.
    ProxyFee,
}

/// One transfer of value a signature would make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Leg {
    pub location: Location,
    pub kind: LegKind,
    pub asset: Asset,
    pub to: PayeeAddress,
    pub amount: U256,
    pub reference: Option<Bytes>,
    /// The contract that pulls the tokens (needs an allowance); `None` for direct transfers and
    /// native value.
    pub puller: Option<PayeeAddress>,
}

/// An approval a signature would give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Approval {
    pub location: Location,
    pub token: PayeeAddress,
    pub spender: PayeeAddress,
    pub amount: U256,
}

/// What a call does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Effect {
    /// Transfers of value.
    Legs(Vec<Leg>),
    /// An approval.
    Approval(Approval),
    /// A call whose outflow cannot be stated exactly (conversion at a market rate).
    Unverifiable(String),
}

struct Builder<'a> {
    location: Location,
    call: &'a DecodedCall,
    legs: Vec<Leg>,
}

impl Builder<'_> {
    #[allow(clippy::too_many_arguments)]
    fn leg(
        &mut self,
        kind: LegKind,
        asset: Asset,
        to: PayeeAddress,
        amount: U256,
        reference: Option<&Bytes>,
        puller: Option<PayeeAddress>,
    ) {
        self.legs.push(Leg {
            location: self.location,
            kind,
            asset,
            to,
            amount,
            reference: reference.cloned(),
            puller,
        });
    }

    /// A fee inside a proxy call. ERC-20 proxies skip it when the fee address is zero; the
    /// native proxy always sends it.
    fn fee(
        &mut self,
        asset: Asset,
        fee_address: PayeeAddress,
        fee: U256,
        puller: Option<PayeeAddress>,
    ) {
        let skipped = matches!(asset, Asset::Token(_)) && fee_address.is_zero();
        if !fee.is_zero() && !skipped {
            self.leg(LegKind::ProxyFee, asset, fee_address, fee, None, puller);
        }
    }

    fn network_address(&self, address: Address) -> PayeeAddress {
        PayeeAddress::from_abi(self.call.network, address)
    }

    fn requests(&mut self, details: &[RequestDetail], native: bool, fee_address: PayeeAddress) {
        let puller = Some(self.call.to);
        for detail in details {
            let asset = if native {
                Asset::Native
            } else {
                match detail.path.first() {
                    Some(token) => Asset::Token(self.network_address(*token)),
                    None => Asset::Token(self.network_address(Address::ZERO)),
                }
            };
            self.leg(
                LegKind::Main,
                asset,
                detail.recipient,
                detail.request_amount,
                Some(&detail.payment_reference),
                puller,
            );
            self.fee(asset, fee_address, detail.fee_amount, puller);
        }
    }
}

/// The effect of a strictly decoded call.
pub(super) fn effect(call: &DecodedCall, location: Location) -> Effect {
    let mut b = Builder {
        location,
        call,
        legs: Vec::new(),
    };
    let proxy = Some(call.to);
    match &call.call {
        Call::Approve(approve) => {
            return Effect::Approval(Approval {
                location,
                token: call.to,
                spender: approve.spender,
                amount: approve.amount,
            });
        }
        Call::Transfer(transfer) => b.leg(
            LegKind::Main,
            Asset::Token(call.to),
            transfer.to,
            transfer.amount,
            None,
            None,
        ),
        Call::Erc20FeeTransfer(c) => {
            let asset = Asset::Token(c.token_address);
            b.leg(
                LegKind::Main,
                asset,
                c.to,
                c.amount,
                Some(&c.payment_reference),
                proxy,
            );
            b.fee(asset, c.fee_address, c.fee_amount, proxy);
        }
        Call::NativeFeeTransfer(c) => {
            b.leg(
                LegKind::Main,
                Asset::Native,
                c.to,
                c.amount,
                Some(&c.payment_reference),
                None,
            );
            b.fee(Asset::Native, c.fee_address, c.fee_amount, None);
        }
        Call::NativeFeeExactTransfer(c) => {
            b.leg(
                LegKind::Main,
                Asset::Native,
                c.to,
                c.amount,
                Some(&c.payment_reference),
                None,
            );
            b.fee(Asset::Native, c.fee_address, c.fee_amount, None);
        }
        Call::Erc20ProxyTransfer(c) => b.leg(
            LegKind::Main,
            Asset::Token(c.token_address),
            c.to,
            c.amount,
            Some(&c.payment_reference),
            proxy,
        ),
        Call::NativeProxyTransfer(c) => b.leg(
            LegKind::Main,
            Asset::Native,
            c.to,
            call.value,
            Some(&c.payment_reference),
            None,
        ),
        Call::LegacyBatch(batch) => {
            let native = matches!(batch.tokens, LegacyBatchTokens::Native {});
            for (token, to, amount, reference, fee) in batch.payments() {
                let asset = match token {
                    Some(token) => Asset::Token(*token),
                    None => Asset::Native,
                };
                let puller = if native { None } else { proxy };
                b.leg(LegKind::Main, asset, *to, amount, Some(reference), puller);
                b.fee(asset, batch.fee_address, fee, puller);
            }
        }
        Call::BatchPayments(batch) => {
            for group in &batch.meta_details {
                match group.payment_network_id {
                    BatchPaymentNetwork::Erc20 | BatchPaymentNetwork::MultiErc20 => {
                        b.requests(&group.request_details, false, batch.fee_address)
                    }
                    BatchPaymentNetwork::Native => {
                        b.requests(&group.request_details, true, batch.fee_address)
                    }
                    BatchPaymentNetwork::MultiErc20Conversion
                    | BatchPaymentNetwork::NativeConversion => {
                        return Effect::Unverifiable("batchPayments has a conversion group: its outflow depends on a market rate".into());
                    }
                }
            }
        }
        Call::BatchRequests(batch) => match batch.function {
            BatchFunction::Erc20 | BatchFunction::MultiErc20 => {
                b.requests(&batch.request_details, false, batch.fee_address)
            }
            BatchFunction::Native => b.requests(&batch.request_details, true, batch.fee_address),
            BatchFunction::MultiErc20Conversion | BatchFunction::NativeConversion => {
                return Effect::Unverifiable(format!(
                    "{} converts at a market rate: its outflow cannot be stated exactly",
                    batch.function.name()
                ));
            }
        },
        Call::Erc20ConversionTransfer(_) | Call::NativeConversionTransfer(_) => {
            return Effect::Unverifiable("a conversion payment's outflow depends on a market rate: it cannot be checked against the agreed amount".into());
        }
    }
    Effect::Legs(b.legs)
}

/// The native value a call must carry to pay its legs exactly, when it is fixed by the calldata
/// (`None` when the value is the amount itself, as for `transferWithReferenceAndFee`).
pub(super) fn required_value(call: &DecodedCall) -> Option<U256> {
    match &call.call {
        Call::NativeFeeExactTransfer(c) => c.amount.checked_add(c.fee_amount),
        Call::LegacyBatch(batch) if matches!(batch.tokens, LegacyBatchTokens::Native {}) => {
            sum(batch.payments().map(|(_, _, amount, _, fee)| (amount, fee)))
        }
        Call::BatchRequests(batch) if batch.function == BatchFunction::Native => sum(batch
            .request_details
            .iter()
            .map(|d| (d.request_amount, d.fee_amount))),
        Call::BatchPayments(batch) => sum(batch
            .meta_details
            .iter()
            .filter(|g| g.payment_network_id == BatchPaymentNetwork::Native)
            .flat_map(|g| {
                g.request_details
                    .iter()
                    .map(|d| (d.request_amount, d.fee_amount))
            })),
        _ => None,
    }
}

/// Σ(amount + fee), `None` on overflow.
fn sum(mut legs: impl Iterator<Item = (U256, U256)>) -> Option<U256> {
    legs.try_fold(U256::ZERO, |total, (amount, fee)| {
        total.checked_add(amount)?.checked_add(fee)
    })
}
