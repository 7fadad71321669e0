//! EIP-1559 transactions signed with a throwaway key, for the registry's test files: RLP
//! (ethereum/execution-specs' `rlp`), the type-2 payload of EIP-1559
//! (`0x02 || rlp([chainId, nonce, maxPriorityFeePerGas, maxFeePerGas, gasLimit, to, value,
//! data, accessList, yParity, r, s])`), signed over `keccak256(0x02 || rlp(the first nine))`
//! with RFC 6979 deterministic nonces (k256), so the files are reproducible.
//!
//! ```
//! use alloy_primitives::{Address, U256};
//! use securepay_erc7730::sign::{signer, signed_eip1559};
//!
//! let raw = signed_eip1559(1, Address::ZERO, U256::ZERO, &[0xa9, 0x05, 0x9c, 0xbb])?;
//! assert_eq!(raw[0], 0x02);
//! assert_eq!(raw, signed_eip1559(1, Address::ZERO, U256::ZERO, &[0xa9, 0x05, 0x9c, 0xbb])?); // deterministic
//! assert_eq!(signer().to_checksum(None), "0x1a642f0E3c3aF545E7AcBD38b07251B3990914F1");
//! # Ok::<(), securepay_erc7730::GenError>(())
//! ```

use alloy_primitives::{Address, U256, keccak256};
use k256::ecdsa::SigningKey;

use crate::GenError;

/// The throwaway key: 32 bytes of 0x01 (never holds funds; anyone may sign with it).
const KEY: [u8; 32] = [1u8; 32];

/// The fixed gas fields of every test transaction (1 gwei tip, 30 gwei cap, 300 000 gas).
const TIP: u64 = 1_000_000_000;
const FEE_CAP: u64 = 30_000_000_000;
const GAS: u64 = 300_000;

fn key() -> Result<SigningKey, GenError> {
    SigningKey::from_slice(&KEY).map_err(|e| GenError(format!("the throwaway key: {e}")))
}

/// The address of the throwaway key.
pub fn signer() -> Address {
    match key() {
        Ok(key) => {
            let point = key.verifying_key().to_encoded_point(false);
            let bytes = point.as_bytes();
            Address::from_raw_public_key(bytes.get(1..).unwrap_or_default())
        }
        Err(_) => Address::ZERO,
    }
}

/// RLP of a byte string.
fn rlp_bytes(bytes: &[u8], out: &mut Vec<u8>) {
    match bytes {
        [b] if *b < 0x80 => out.push(*b),
        _ => {
            rlp_length(bytes.len(), 0x80, out);
            out.extend_from_slice(bytes);
        }
    }
}

/// An RLP length prefix (`offset` 0x80 for strings, 0xc0 for lists).
fn rlp_length(len: usize, offset: u8, out: &mut Vec<u8>) {
    if len <= 55 {
        out.push(offset + len as u8);
    } else {
        let be = len.to_be_bytes();
        let start = be.iter().position(|b| *b != 0).unwrap_or(be.len());
        let body = be.get(start..).unwrap_or_default();
        out.push(offset + 55 + body.len() as u8);
        out.extend_from_slice(body);
    }
}

/// RLP of an integer: its minimal big-endian bytes.
fn rlp_uint(value: U256, out: &mut Vec<u8>) {
    let be = value.to_be_bytes::<32>();
    let start = be.iter().position(|b| *b != 0).unwrap_or(be.len());
    rlp_bytes(be.get(start..).unwrap_or_default(), out);
}

/// RLP of a list whose items are already encoded.
fn rlp_list(items: &[u8], out: &mut Vec<u8>) {
    rlp_length(items.len(), 0xc0, out);
    out.extend_from_slice(items);
}

/// The first nine fields of the type-2 payload, RLP-encoded one after the other.
fn unsigned_fields(chain_id: u64, to: Address, value: U256, data: &[u8]) -> Vec<u8> {
    let mut fields = Vec::with_capacity(data.len() + 128);
    rlp_uint(U256::from(chain_id), &mut fields);
    rlp_uint(U256::ZERO, &mut fields); // nonce
    rlp_uint(U256::from(TIP), &mut fields);
    rlp_uint(U256::from(FEE_CAP), &mut fields);
    rlp_uint(U256::from(GAS), &mut fields);
    rlp_bytes(to.as_slice(), &mut fields);
    rlp_uint(value, &mut fields);
    rlp_bytes(data, &mut fields);
    rlp_list(&[], &mut fields); // access list
    fields
}

/// The unsigned EIP-1559 transaction (`0x02 || rlp([the first nine fields])`) calling `to` with
/// `data` and `value` on `chain_id`, nonce 0: what the v2 test files carry.
pub fn unsigned_eip1559(chain_id: u64, to: Address, value: U256, data: &[u8]) -> Vec<u8> {
    let fields = unsigned_fields(chain_id, to, value, data);
    let mut unsigned = vec![0x02];
    rlp_list(&fields, &mut unsigned);
    unsigned
}

/// The signed EIP-1559 transaction calling `to` with `data` and `value` on `chain_id`, nonce 0,
/// signed by the throwaway key.
pub fn signed_eip1559(
    chain_id: u64,
    to: Address,
    value: U256,
    data: &[u8],
) -> Result<Vec<u8>, GenError> {
    let fields = unsigned_fields(chain_id, to, value, data);
    let hash = keccak256(unsigned_eip1559(chain_id, to, value, data));
    let (signature, recovery) = key()?
        .sign_prehash_recoverable(hash.as_slice())
        .map_err(|e| GenError(format!("signing: {e}")))?;
    let (r, s) = signature.split_bytes();
    let mut signed_fields = fields;
    rlp_uint(
        U256::from(u8::from(recovery.is_y_odd())),
        &mut signed_fields,
    );
    rlp_uint(U256::from_be_slice(&r), &mut signed_fields);
    rlp_uint(U256::from_be_slice(&s), &mut signed_fields);
    let mut signed = vec![0x02];
    rlp_list(&signed_fields, &mut signed);
    Ok(signed)
}

#[cfg(test)]
#[allow(clippy::indexing_slicing)] // a failure is the report
mod tests {
    use super::*;

    /// RLP's single byte, short string and long string forms (ethereum/execution-specs'
    /// `rlp.encode_bytes`).
    #[test]
    fn rlp_of_known_values() {
        let mut out = Vec::new();
        rlp_uint(U256::ZERO, &mut out);
        rlp_uint(U256::from(0x7fu8), &mut out);
        rlp_uint(U256::from(0x80u8), &mut out);
        rlp_bytes(&[0u8; 56], &mut out);
        assert_eq!(out[..4], [0x80, 0x7f, 0x81, 0x80]);
        assert_eq!(out[4..6], [0xb8, 56]);
    }
}
