//! The persisted form of a ledger: the facts only; everything else is recomputed when it is
//! read back, so a stored ledger cannot hold an inconsistent total.

use serde::{Deserialize, Serialize};

use super::{Ledger, LedgerError, TxHash};
use crate::amount::{Amount, Decimals, format_units};

/// The persisted form of a ledger: the facts, from which the rest is recomputed.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct LedgerRecord {
    request_id: String,
    expected_amount: String,
    decimals: u8,
    payments: Vec<PaymentRecord>,
    reported_paid: String,
    settled: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PaymentRecord {
    tx_hash: TxHash,
    amount: String,
}

impl From<Ledger> for LedgerRecord {
    fn from(ledger: Ledger) -> LedgerRecord {
        LedgerRecord {
            expected_amount: ledger.expected.to_string(),
            decimals: ledger.decimals().get(),
            payments: ledger
                .payments
                .iter()
                .map(|p| PaymentRecord {
                    tx_hash: p.tx_hash,
                    amount: p.amount.to_string(),
                })
                .collect(),
            reported_paid: format_units(ledger.reported_paid, ledger.decimals()),
            settled: ledger.confirmed,
            request_id: ledger.request_id,
        }
    }
}

impl TryFrom<LedgerRecord> for Ledger {
    type Error = LedgerError;

    fn try_from(record: LedgerRecord) -> Result<Ledger, LedgerError> {
        let amount = |field, text: &str, decimals| {
            Amount::parse(text, decimals).map_err(|source| LedgerError::Amount { field, source })
        };
        let decimals = Decimals::new(record.decimals).map_err(|source| LedgerError::Amount {
            field: "decimals",
            source,
        })?;
        let mut ledger = Ledger::new(
            &record.request_id,
            amount("expectedAmount", &record.expected_amount, decimals)?,
        )?;
        for payment in &record.payments {
            let units = amount("amount", &payment.amount, decimals)?.units();
            ledger.record(payment.tx_hash, units)?;
        }
        ledger.report_paid(Some(
            amount("reportedPaid", &record.reported_paid, decimals)?.units(),
        ));
        ledger.confirmed = record.settled;
        Ok(ledger)
    }
}
