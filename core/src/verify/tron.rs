//! The Tron step: what a Tron wallet signs is what was verified. A Tron wallet signs the
//! protobuf bytes `raw_data_hex`, shown as the JSON `raw_data`; a compromised node or page can
//! show one and have the other signed, or wrap the verified call in a transaction that also
//! sends TRX. Each check below is a finding; only the expectation and the compiled facts are
//! trusted, never the transaction or the response's fee-limit suggestions.

use crate::prelude::*;

use alloy_primitives::{B256, Signature, U256};
use serde::Serialize;

use super::finding::{Details, Finding, FindingCode, Location, ResponseList};
use super::render::{AssetRef, Party, Quantity};
use super::walk::{at, legacy_batch_calls};
use super::{Expectation, Verdict, Verifier};
use crate::address::{ChainAddress, TronAddress};
use crate::network::Network;
use crate::pay::PayResponse;
use crate::transaction::Transaction;
use crate::tron::proto::{
    self, ContractType, Raw, TRIGGER_SMART_CONTRACT_URL, TriggerSmartContract,
};
use crate::tron::{TRX_DECIMALS, TronTransaction, address_of};

/// What the summary shows of a Tron transaction: the call, the fee limit, and the fields a
/// wallet shows but the core cannot judge (it has no clock).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct TronDetails {
    /// The transaction id (SHA-256 of the signed bytes).
    pub tx_id: B256,
    /// The contract called, when the transaction is one call.
    pub contract: Option<Party>,
    /// The most TRX the call may burn for energy.
    pub fee_limit: Quantity,
    /// When the transaction expires, milliseconds since the Unix epoch.
    pub expiration: i64,
    /// When it was made, milliseconds since the Unix epoch.
    pub timestamp: i64,
    /// The reference block's bytes and hash (hex).
    pub ref_block: String,
}

/// TRX on Tron, for quantities of SUN.
fn trx() -> AssetRef {
    AssetRef {
        network: Network::Tron,
        token: None,
        currency: None,
        symbol: Some("TRX".into()),
        decimals: Some(TRX_DECIMALS.get()),
    }
}

/// The transactions of the response a Tron wallet may sign, with where they are.
fn signed_transactions(response: &PayResponse) -> Vec<(Location, &Transaction)> {
    let mut all = Vec::new();
    fn list<'r>(
        all: &mut Vec<(Location, &'r Transaction)>,
        name: ResponseList,
        txs: &'r [Transaction],
    ) {
        for (i, tx) in txs.iter().enumerate() {
            all.push((at(name, Some(i)), tx));
        }
    }
    let mut list = |name, txs| list(&mut all, name, txs);
    match response {
        PayResponse::Single(single) => {
            list(ResponseList::Transactions, &single.transactions);
            list(
                ResponseList::EoaApprovalTransactions,
                single
                    .eoa_approval_transactions
                    .as_deref()
                    .unwrap_or_default(),
            );
        }
        PayResponse::Multicall(multicall) => {
            list(ResponseList::Transactions, &multicall.transactions);
            list(
                ResponseList::EoaApprovalTransactions,
                multicall
                    .eoa_approval_transactions
                    .as_deref()
                    .unwrap_or_default(),
            );
            list(
                ResponseList::Erc20ApprovalTransactions,
                multicall
                    .erc20_approval_transactions
                    .as_deref()
                    .unwrap_or_default(),
            );
            if let Some(tx) = &multicall.batch_payment_transaction {
                all.push((at(ResponseList::BatchPaymentTransaction, None), tx));
            }
        }
        PayResponse::LegacyBatch(batch) => {
            list(
                ResponseList::Erc20ApprovalTransactions,
                &batch.erc20_approval_transactions,
            );
            for (name, tx) in legacy_batch_calls(batch) {
                if let Some(tx) = tx {
                    all.push((at(name, None), tx));
                }
            }
        }
    }
    all
}

/// The findings of one Tron transaction and what the summary shows of it.
struct Check<'a> {
    verifier: &'a Verifier<'a>,
    findings: Vec<Finding>,
}

impl Check<'_> {
    fn finding(&mut self, code: FindingCode, details: Details) {
        let details = Details {
            network: Some(Network::Tron),
            ..details
        };
        self.findings.push(Finding::new(code, None, details));
    }

    /// A finding about the transaction's `field` that cannot be read, for `reason`.
    fn unreadable(&mut self, field: &str, reason: String) {
        self.finding(
            FindingCode::TronTransactionUnreadable,
            Details {
                field: Some(field.to_owned()),
                reason: Some(reason),
                ..Details::default()
            },
        );
    }

    fn party(&self, address: TronAddress) -> Party {
        let address = ChainAddress::Tron(address);
        match self
            .verifier
            .deployments
            .contract_at(Network::Tron, &address)
        {
            Ok(contract) => Party::Contract { address, contract },
            Err(_) => Party::Other { address },
        }
    }

    /// The signed bytes against what `raw_data` shows, and the id against them.
    fn bytes(&mut self, tx: &TronTransaction) -> Option<Raw> {
        let signed = match tx.signed_raw() {
            Ok(raw) => Some(raw),
            Err(error) => {
                self.unreadable("raw_data_hex", error.to_string());
                None
            }
        };
        match tx.shown_raw() {
            Ok(shown) => {
                use prost::Message as _;
                if shown.encode_to_vec() != tx.raw_data_hex().as_ref() {
                    self.finding(
                        FindingCode::TronRawDataMismatch,
                        Details {
                            reason: Some(
                                "raw_data encodes to other bytes than raw_data_hex".into(),
                            ),
                            ..Details::default()
                        },
                    );
                }
            }
            Err(error) => self.unreadable("raw_data", error.to_string()),
        }
        if !tx.tx_id_matches() {
            self.finding(
                FindingCode::TronTxIdMismatch,
                Details {
                    field: Some("txID".to_owned()),
                    reason: Some(format!(
                        "txID {} is not sha256(raw_data_hex) {}",
                        tx.tx_id(),
                        tx.computed_tx_id()
                    )),
                    ..Details::default()
                },
            );
        }
        signed
    }

    /// The one contract: a `TriggerSmartContract`, strictly decoded.
    fn call(&mut self, raw: &Raw) -> Option<TriggerSmartContract> {
        let [contract] = raw.contract.as_slice() else {
            self.finding(
                FindingCode::TronContractCount,
                Details {
                    reason: Some(format!("{} contracts", raw.contract.len())),
                    ..Details::default()
                },
            );
            return None;
        };
        let kind = ContractType::try_from(contract.r#type);
        let parameter = contract.parameter.as_ref();
        if kind != Ok(ContractType::TriggerSmartContract)
            || parameter.map(|p| p.type_url.as_str()) != Some(TRIGGER_SMART_CONTRACT_URL)
        {
            let name = match kind {
                Ok(kind) => format!("{kind:?}"),
                Err(_) => format!("contract type {}", contract.r#type),
            };
            self.finding(
                FindingCode::TronContractType,
                Details {
                    field: Some(name.clone()),
                    reason: parameter.map(|p| p.type_url.clone()),
                    ..Details::default()
                },
            );
            return None;
        }
        let value = parameter.map(|p| p.value.as_slice()).unwrap_or_default();
        match proto::decode_strict::<TriggerSmartContract>("TriggerSmartContract", value) {
            Ok(call) => Some(call),
            Err(error) => {
                self.unreadable("parameter", error.to_string());
                None
            }
        }
    }

    /// The call against the response, the value it sends and its owner against the payer.
    fn against(
        &mut self,
        call: &TriggerSmartContract,
        response: &PayResponse,
        expectation: &Expectation,
    ) -> Option<TronAddress> {
        let contract = address_of(&call.contract_address);
        let matched = contract.and_then(|contract| {
            signed_transactions(response).into_iter().find(|(_, tx)| {
                tx.to == ChainAddress::Tron(contract) && tx.data.as_ref() == call.data.as_slice()
            })
        });
        if matched.is_none() {
            self.finding(
                FindingCode::TronCallNotInResponse,
                Details {
                    party: contract.map(|c| self.party(c)),
                    ..Details::default()
                },
            );
        }
        if call.call_value != 0 || call.call_token_value != 0 || call.token_id != 0 {
            self.finding(
                FindingCode::TronCallValue,
                Details {
                    actual: u64::try_from(call.call_value)
                        .ok()
                        .map(|sun| trx().quantity(U256::from(sun))),
                    reason: Some(format!(
                        "call_value {}, call_token_value {}, token_id {}",
                        call.call_value, call.call_token_value, call.token_id
                    )),
                    ..Details::default()
                },
            );
        }
        let owner = address_of(&call.owner_address);
        let payer = match expectation.payer() {
            Some(ChainAddress::Tron(payer)) => Some(payer),
            _ => None,
        };
        match (owner, payer) {
            (Some(owner), Some(payer)) if owner == payer => {}
            (owner, payer) => self.finding(
                FindingCode::TronOwner,
                Details {
                    party: owner.map(|o| Party::Other {
                        address: ChainAddress::Tron(o),
                    }),
                    expected_party: payer.map(|p| Party::Other {
                        address: ChainAddress::Tron(p),
                    }),
                    reason: payer.is_none().then(|| {
                        "the expectation has no Tron payer: it is required to check who signs"
                            .to_owned()
                    }),
                    ..Details::default()
                },
            ),
        }
        owner
    }

    /// `fee_limit` against `maxTronFeeLimit`. Every SUN of it is money the call may burn
    /// (a call that fails on an assert burns energy up to it), so no agreed cap is a cap of
    /// zero, and the finding names the missing cap.
    fn fee_limit(&mut self, raw: &Raw, expectation: &Expectation) -> Quantity {
        let sun = u64::try_from(raw.fee_limit).ok();
        if sun.is_none() {
            self.unreadable("fee_limit", format!("fee_limit {}", raw.fee_limit));
        }
        let limit = trx().quantity(U256::from(sun.unwrap_or_default()));
        let agreed = expectation.max_tron_fee_limit();
        let max = agreed.unwrap_or_default();
        if sun.is_some_and(|sun| U256::from(sun) > max) {
            let cap = trx().quantity(max);
            let field = agreed.is_none().then(|| "maxTronFeeLimit".to_owned());
            self.finding(
                FindingCode::TronFeeLimitAboveMax,
                Details {
                    expected: Some(cap),
                    actual: Some(limit.clone()),
                    field,
                    ..Details::default()
                },
            );
        }
        limit
    }

    fn signatures(&mut self, tx: &TronTransaction, owner: Option<TronAddress>) {
        let id = tx.computed_tx_id();
        for (i, bytes) in tx.signatures().iter().enumerate() {
            let signer = Signature::from_raw(bytes)
                .ok()
                .and_then(|signature| signature.recover_address_from_prehash(&id).ok())
                .map(TronAddress::from_abi);
            if signer.is_none() || signer != owner {
                self.finding(
                    FindingCode::TronSignature,
                    Details {
                        field: Some(format!("signature[{i}]")),
                        party: signer.map(|s| Party::Other {
                            address: ChainAddress::Tron(s),
                        }),
                        expected_party: owner.map(|o| Party::Other {
                            address: ChainAddress::Tron(o),
                        }),
                        ..Details::default()
                    },
                );
            }
        }
    }
}

/// A signed Tron transaction that passed [`Verifier::signed_tron`]: the only input of the
/// broadcast request (`securepay::api::BroadcastTronTransaction`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedTronTransaction {
    transaction: TronTransaction,
}

impl SignedTronTransaction {
    /// The transaction.
    pub fn transaction(&self) -> &TronTransaction {
        &self.transaction
    }
}

impl Verifier<'_> {
    /// Verifies a signed Tron transaction as [`Verifier::verify_tron`] does and, when no
    /// finding is a danger and it carries at least one signature (each recovering to the
    /// agreed payer), hands it back checked, ready for the broadcast endpoint; otherwise the
    /// verdict that says why not.
    ///
    /// ```
    /// # use securepay_core::pay::PayResponse;
    /// # use securepay_core::tron::TronTransaction;
    /// # use securepay_core::verify::{Expectation, Verifier};
    /// # let lines = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/vectors/tron-transactions.jsonl"))?;
    /// # let vector: serde_json::Value = serde_json::from_str(lines.lines().next().unwrap_or_default())?;
    /// # let tx = TronTransaction::from_value(&vector["transaction"])?;
    /// # let call = &vector["call"];
    /// # let response = PayResponse::from_slice(serde_json::json!({"paymentType": "single", "feeBundle": null,
    /// #   "metadata": {"stepsRequired": 1, "needsApproval": true, "paymentTransactionIndex": 1},
    /// #   "transactions": [{"to": call["to"], "data": call["data"], "value": "0"}]}).to_string().as_bytes())?;
    /// let expectation = Expectation::from_str(&serde_json::json!({"network": "tron", "currency": "USDT-tron",
    ///   "payer": vector["owner"], "maxTronFeeLimit": "100",
    ///   "payments": [{"payee": "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", "amount": "1"}]}).to_string())?;
    /// // This response holds only the approval: its payment is missing, so nothing is handed back.
    /// let verdict = Verifier::builtin().signed_tron(&response, &expectation, tx).unwrap_err();
    /// assert!(!verdict.is_safe());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[allow(clippy::result_large_err)]
    pub fn signed_tron(
        &self,
        response: &PayResponse,
        expectation: &Expectation,
        transaction: TronTransaction,
    ) -> Result<SignedTronTransaction, Verdict> {
        let mut verdict = self.verify_tron(response, expectation, &transaction);
        if transaction.signatures().is_empty() {
            verdict.findings.push(Finding::new(
                FindingCode::TronSignature,
                None,
                Details {
                    field: Some("signature".to_owned()),
                    ..Details::on(Network::Tron)
                },
            ));
        }
        match verdict.is_safe() {
            true => Ok(SignedTronTransaction { transaction }),
            false => Err(verdict),
        }
    }

    /// Verifies `response` against `expectation`, then the Tron transaction about to be
    /// signed against both: every finding of [`Verifier::verify`], plus one per failed check
    /// of the transaction, and a summary line that shows it.
    ///
    /// The checks: `raw_data_hex` (the signed bytes) decodes strictly and is exactly what
    /// `raw_data` (what the person sees) encodes to; `txID` is their SHA-256; the transaction
    /// is one `TriggerSmartContract` whose contract and calldata are those of one transaction
    /// of the response, sending no TRX or TRC-10 token, owned by the expectation's `payer`
    /// (required); `fee_limit` is at most `maxTronFeeLimit`, zero when none was agreed (a
    /// call that fails burns energy up to its fee limit); every signature present recovers to
    /// the owner. `expiration`, `ref_block_*` and `timestamp` are shown,
    /// not judged.
    ///
    /// ```
    /// use securepay_core::pay::PayResponse;
    /// use securepay_core::tron::TronTransaction;
    /// use securepay_core::verify::{Expectation, FindingCode, Verifier};
    ///
    /// // The first vector: a TRC-20 approval of the Tron ERC20FeeProxy, built and signed by TronWeb.
    /// let lines = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/vectors/tron-transactions.jsonl"))?;
    /// let vector: serde_json::Value = serde_json::from_str(lines.lines().next().unwrap_or_default())?;
    /// let tx = TronTransaction::from_value(&vector["transaction"])?;
    /// // A response holding that approval (the payment itself left out of this example).
    /// let call = &vector["call"];
    /// let response = PayResponse::from_slice(serde_json::json!({"paymentType": "single", "feeBundle": null,
    ///   "metadata": {"stepsRequired": 1, "needsApproval": true, "paymentTransactionIndex": 1},
    ///   "transactions": [{"to": call["to"], "data": call["data"], "value": "0"}]}).to_string().as_bytes())?;
    /// let expectation = Expectation::from_str(&serde_json::json!({"network": "tron", "currency": "USDT-tron",
    ///   "payer": vector["owner"], "maxTronFeeLimit": "100",
    ///   "payments": [{"payee": "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", "amount": "1"}]}).to_string())?;
    /// let verdict = Verifier::builtin().verify_tron(&response, &expectation, &tx);
    /// let tron: Vec<FindingCode> = verdict.findings.iter().map(|f| f.code)
    ///     .filter(|c| c.as_str().starts_with("tron_")).collect();
    /// assert!(tron.is_empty(), "{verdict}"); // what is signed is what the response holds
    /// assert!(verdict.summary.to_lines().last().is_some_and(|l| l.contains("fee limit 100 TRX")));
    ///
    /// // A fee limit above what the payer agreed to is a danger.
    /// let strict = Expectation::from_str(&serde_json::json!({"network": "tron", "currency": "USDT-tron",
    ///   "payer": vector["owner"], "maxTronFeeLimit": "50",
    ///   "payments": [{"payee": "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", "amount": "1"}]}).to_string())?;
    /// let verdict = Verifier::builtin().verify_tron(&response, &strict, &tx);
    /// assert!(verdict.findings.iter().any(|f| f.code == FindingCode::TronFeeLimitAboveMax));
    ///
    /// // No maxTronFeeLimit agreed is a cap of zero: the finding names the missing cap.
    /// let uncapped = Expectation::from_str(&serde_json::json!({"network": "tron", "currency": "USDT-tron",
    ///   "payer": vector["owner"], "payments": [{"payee": "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", "amount": "1"}]}).to_string())?;
    /// let verdict = Verifier::builtin().verify_tron(&response, &uncapped, &tx);
    /// let finding = verdict.findings.iter().find(|f| f.code == FindingCode::TronFeeLimitAboveMax).ok_or("no cap")?;
    /// assert_eq!(finding.details.field.as_deref(), Some("maxTronFeeLimit"));
    /// assert!(finding.message().contains("no maxTronFeeLimit was agreed, so the cap is 0 TRX"), "{finding}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn verify_tron(
        &self,
        response: &PayResponse,
        expectation: &Expectation,
        transaction: &TronTransaction,
    ) -> Verdict {
        let mut verdict = self.verify(response, expectation);
        let mut check = Check {
            verifier: self,
            findings: Vec::new(),
        };
        let signing = expectation.signing_network();
        if signing != Network::Tron {
            check.finding(
                FindingCode::TronNetwork,
                Details {
                    network: Some(signing),
                    ..Details::default()
                },
            );
        }
        let signed = check.bytes(transaction);
        let mut contract = None;
        let mut owner = None;
        if let Some(raw) = &signed {
            if let Some(call) = check.call(raw) {
                contract = address_of(&call.contract_address).map(|c| check.party(c));
                owner = check.against(&call, response, expectation);
            }
        }
        let empty = Raw::default();
        let raw = signed.as_ref().unwrap_or(&empty);
        let fee_limit = check.fee_limit(raw, expectation);
        // Without one decoded call there is no owner to hold the signatures to; the
        // transaction is already refused.
        if owner.is_some() {
            check.signatures(transaction, owner);
        }
        verdict.findings.append(&mut check.findings);
        verdict
            .summary
            .lines
            .push(super::SummaryLine::TronTransaction(TronDetails {
                tx_id: transaction.computed_tx_id(),
                contract,
                fee_limit,
                expiration: raw.expiration,
                timestamp: raw.timestamp,
                ref_block: format!(
                    "{}/{}",
                    alloy_primitives::hex::encode(&raw.ref_block_bytes),
                    alloy_primitives::hex::encode(&raw.ref_block_hash)
                ),
            }));
        verdict
    }
}
