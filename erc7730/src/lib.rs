//! `securepay-erc7730`: the ERC-7730 clear-signing descriptors of Request Network's contracts,
//! generated from the facts securepay's verifier uses, and their registry test files.
//!
//! - The functions and their selectors: the library's `sol!` declarations
//!   (`securepay::contracts::abi`). Each format key (the human-readable signature with the
//!   parameter names, which `sol!` does not expose) is written once in [`DESCRIPTORS`], and
//!   generation fails unless its type-only form hashes to the `sol!` call's `SELECTOR`.
//! - Where each contract is: every `(chain id, address)` of the library's built-in deployment
//!   table (`securepay::contracts::Deployments::builtin`), every version (the library declares
//!   one ABI per contract for all its versions, so one descriptor per contract covers them),
//!   addresses EIP-55. Tron rows are left out: Tron has no EIP-155 chain id, and clear-signing
//!   wallets read EVM transactions.
//! - What each argument means: one table, [`DESCRIPTORS`], each field a path and a [`Role`]
//!   (payee, amount of a token, fee, fee recipient, payment reference, …); a role has one
//!   label, so a reader (and securepay's `tests/it/erc7730.rs`) knows what a label claims.
//!
//! Contracts without a descriptor: `ChainlinkConversionPath` (the conversion proxies' rate
//! oracle: the payer never calls it), `SingleRequestProxyFactory` (the payee's side creates
//! forwarding proxies with it; a payer pays such a proxy by a plain transfer, which is not a
//! call of the factory), `LiFiDiamond` (LI.FI's bridge, not a Request Network contract: its
//! descriptor is LI.FI's to publish) and `ERC20BatchPayments` (deployed on Tron only).
//!
//! ```
//! let outputs = securepay_erc7730::generate()?;
//! assert!(outputs.iter().any(|o| o.path == "erc7730/registry/requestnetwork/calldata-ERC20FeeProxy.json"));
//! # Ok::<(), securepay_erc7730::GenError>(())
//! ```
#![forbid(unsafe_code)]
#![warn(unreachable_pub, unnameable_types, unused_crate_dependencies)]
// A unit-test build links the dev-dependencies the integration tests use.
#![cfg_attr(test, allow(unused_crate_dependencies))]

pub mod fixtures;
pub mod reader;
pub mod sign;

use std::fmt;

use alloy_sol_types::SolCall;
use serde_json::{Map, Value, json};

use securepay::contracts::abi::{
    IBatchConversionPayments as Bcp, IBatchPayments as Bp, IERC20FeeProxy, IERC20Proxy,
    IErc20ConversionProxy, IEthConversionProxy, IEthereumFeeProxy, IEthereumProxy,
};
use securepay::contracts::{Contract, Deployments};
use securepay::currency::{Catalog, CurrencyType};

/// The `$schema` of every descriptor: the registry's v2 schema at the commit copied byte for
/// byte in `erc7730/specs/`
/// (ethereum/clear-signing-erc7730-registry@3b66ba289cd3988ea791346629445f9ab6ae86f3:specs/erc7730-v2.schema.json).
/// The registry's own descriptors name it relatively (`../../specs/erc7730-v2.schema.json`).
pub const SCHEMA_URL: &str = "https://raw.githubusercontent.com/ethereum/clear-signing-erc7730-registry/3b66ba289cd3988ea791346629445f9ab6ae86f3/specs/erc7730-v2.schema.json";

/// Where the files go, from the workspace root (the registry's `registry/<entity>/` layout).
pub const REGISTRY_DIR: &str = "erc7730/registry/requestnetwork";

/// The entity that owns the contracts (`metadata.owner`).
pub const OWNER: &str = "Request Network";

/// What a displayed argument means. Each role has one label: the label is the claim a wallet
/// shows, and what securepay's rendering test compares with the verifier's summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Who is paid.
    Payee,
    /// What the payee receives.
    Amount,
    /// A fee, in the payment's asset.
    Fee,
    /// Who receives the fee(s).
    FeeRecipient,
    /// The payment reference the contract logs.
    Reference,
    /// A conversion's amount, in the request's currency (a fiat currency hash, unknown to a
    /// wallet, unless the path is one token).
    RequestAmount,
    /// A conversion's fee, in the request's currency.
    RequestFee,
    /// The most a conversion can take from the payer, in the asset paid (amount and fee).
    MaxToSpend,
    /// The native value sent, which the contract splits into the amount and the fee.
    AmountAndFee,
    /// The kind of a `batchPayments` group.
    PaymentNetwork,
}

impl Role {
    /// The label a wallet shows.
    ///
    /// ```
    /// use securepay_erc7730::Role;
    /// assert_eq!(Role::FeeRecipient.label(), "Fee recipient");
    /// ```
    pub const fn label(self) -> &'static str {
        match self {
            Role::Payee => "Payee",
            Role::Amount => "Amount",
            Role::Fee => "Fee",
            Role::FeeRecipient => "Fee recipient",
            Role::Reference => "Payment reference",
            Role::RequestAmount => "Request amount (request currency)",
            Role::RequestFee => "Fee (request currency)",
            Role::MaxToSpend => "At most spent (amount and fee)",
            Role::AmountAndFee => "Amount and fee",
            Role::PaymentNetwork => "Payment kind",
        }
    }

    /// The role a label names, if any.
    ///
    /// ```
    /// use securepay_erc7730::Role;
    /// assert_eq!(Role::from_label("Payee"), Some(Role::Payee));
    /// assert_eq!(Role::from_label("To"), None);
    /// ```
    pub fn from_label(label: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.label() == label)
    }

    /// Every role.
    pub const ALL: [Role; 10] = [
        Role::Payee,
        Role::Amount,
        Role::Fee,
        Role::FeeRecipient,
        Role::Reference,
        Role::RequestAmount,
        Role::RequestFee,
        Role::MaxToSpend,
        Role::AmountAndFee,
        Role::PaymentNetwork,
    ];
}

/// How a field is formatted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Show {
    /// `addressName`.
    Address,
    /// `raw` (the reference's bytes in hex).
    Raw,
    /// `tokenAmount` of the token at this path.
    Token(&'static str),
    /// `tokenAmount` of the token at this path, the native currency when it is one of the
    /// catalog's native-currency hashes (`batchPayments` rows: native groups carry the native
    /// currency's hash in `path`).
    TokenOrNative(&'static str),
    /// `amount`: the native currency.
    Native,
    /// `enum` of `$.metadata.enums.<name>`.
    Enum(&'static str),
}

/// One displayed argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// Its ERC-7730 path (relative to the arguments, or to the group's element).
    pub path: &'static str,
    /// What it means.
    pub role: Role,
    /// How it is formatted.
    pub show: Show,
    /// Shown only when not zero (`"visible": {"ifNotIn": ["0"]}`).
    pub hide_zero: bool,
}

/// An entry of a format's `fields`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// A field.
    Field(Field),
    /// A group over each element of an array of tuples (`requestDetails.[]`).
    Each(&'static str, &'static [Entry]),
    /// A group over parallel arrays, index by index (`"iteration": "bundled"`).
    Bundled(&'static [Entry]),
}

/// Arguments a format does not show (`"visible": "never"`), with the reason given in the docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hidden(pub &'static str);

/// One function of a contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Function {
    /// The format key: the signature with parameter names, as the ERC writes it.
    pub key: &'static str,
    /// The `sol!` call's selector, which the key must hash to.
    pub selector: [u8; 4],
    /// The intent shown.
    pub intent: &'static str,
    /// The fields shown.
    pub fields: &'static [Entry],
    /// The arguments not shown.
    pub hidden: &'static [Hidden],
}

/// The descriptor of one contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Descriptor {
    /// The contract (its deployments come from the built-in table).
    pub contract: Contract,
    /// Its functions a payer signs.
    pub functions: &'static [Function],
}

const fn f(path: &'static str, role: Role, show: Show) -> Entry {
    Entry::Field(Field {
        path,
        role,
        show,
        hide_zero: false,
    })
}

/// A field shown only when it is not zero.
const fn unless_zero(path: &'static str, role: Role, show: Show) -> Entry {
    Entry::Field(Field {
        path,
        role,
        show,
        hide_zero: true,
    })
}

/// The ERC20FeeProxy / ERC20Proxy / Erc20ConversionProxy argument names.
const PAYEE: Entry = f("_to", Role::Payee, Show::Address);
const REFERENCE: Entry = f("_paymentReference", Role::Reference, Show::Raw);
const FEE_RECIPIENT: Entry = f("_feeAddress", Role::FeeRecipient, Show::Address);

/// A row of `BatchConversionPayments` in a function whose rows are one ERC-20 token each
/// (`path` of one token: the amount and fee are in `path[0]`).
const ERC20_ROW: &[Entry] = &[
    f("recipient", Role::Payee, Show::Address),
    f("requestAmount", Role::Amount, Show::Token("path.[0]")),
    f("feeAmount", Role::Fee, Show::Token("path.[0]")),
    f("paymentReference", Role::Reference, Show::Raw),
];

/// A row paid in the native currency.
const NATIVE_ROW: &[Entry] = &[
    f("recipient", Role::Payee, Show::Address),
    f("requestAmount", Role::Amount, Show::Native),
    f("feeAmount", Role::Fee, Show::Native),
    f("paymentReference", Role::Reference, Show::Raw),
];

/// A conversion row paid in ERC-20 tokens: the request currency is `path[0]`, the token paid
/// `path[-1]`, and `maxToSpend` is what the contract may pull.
const ERC20_CONVERSION_ROW: &[Entry] = &[
    f("recipient", Role::Payee, Show::Address),
    f("maxToSpend", Role::MaxToSpend, Show::Token("path.[-1]")),
    f(
        "requestAmount",
        Role::RequestAmount,
        Show::Token("path.[0]"),
    ),
    f("feeAmount", Role::RequestFee, Show::Token("path.[0]")),
    f("paymentReference", Role::Reference, Show::Raw),
];

/// A conversion row paid in the native currency.
const NATIVE_CONVERSION_ROW: &[Entry] = &[
    f("recipient", Role::Payee, Show::Address),
    f("maxToSpend", Role::MaxToSpend, Show::Native),
    f(
        "requestAmount",
        Role::RequestAmount,
        Show::Token("path.[0]"),
    ),
    f("feeAmount", Role::RequestFee, Show::Token("path.[0]")),
    f("paymentReference", Role::Reference, Show::Raw),
];

/// A `batchPayments` row of any group: one-token rows (ids 1, 2) are paid in `path[0]`, native
/// rows (id 3) carry the native currency's hash there; conversion rows (ids 0, 4) also show
/// what they may spend of `path[-1]` (zero, and not shown, in the other rows).
const ANY_ROW: &[Entry] = &[
    f("recipient", Role::Payee, Show::Address),
    f(
        "requestAmount",
        Role::Amount,
        Show::TokenOrNative("path.[0]"),
    ),
    f("feeAmount", Role::Fee, Show::TokenOrNative("path.[0]")),
    unless_zero(
        "maxToSpend",
        Role::MaxToSpend,
        Show::TokenOrNative("path.[-1]"),
    ),
    f("paymentReference", Role::Reference, Show::Raw),
];

/// The `(address recipient,…)` tuple of `RequestDetail` (`securepay::contracts::abi`).
macro_rules! request_detail {
    () => {
        "(address recipient,uint256 requestAmount,address[] path,bytes paymentReference,uint256 feeAmount,uint256 maxToSpend,uint256 maxRateTimespan)"
    };
}

const BATCH_FEE_ADDRESS: Entry = f("feeAddress", Role::FeeRecipient, Show::Address);
const PATHS_TO_USD: Hidden = Hidden("pathsToUSD");
const RATE_TIMESPAN: Hidden = Hidden("_maxRateTimespan");

/// Every descriptor: contract, functions, what each argument means. Written once; the
/// generator checks each key against the `sol!` selector.
pub const DESCRIPTORS: &[Descriptor] = &[
    Descriptor {
        contract: Contract::Erc20FeeProxy,
        functions: &[Function {
            key: "transferFromWithReferenceAndFee(address _tokenAddress,address _to,uint256 _amount,bytes _paymentReference,uint256 _feeAmount,address _feeAddress)",
            selector: IERC20FeeProxy::transferFromWithReferenceAndFeeCall::SELECTOR,
            intent: "Pay a request",
            fields: &[
                PAYEE,
                f("_amount", Role::Amount, Show::Token("_tokenAddress")),
                f("_feeAmount", Role::Fee, Show::Token("_tokenAddress")),
                FEE_RECIPIENT,
                REFERENCE,
            ],
            hidden: &[],
        }],
    },
    Descriptor {
        contract: Contract::EthereumFeeProxy,
        functions: &[
            Function {
                key: "transferWithReferenceAndFee(address _to,bytes _paymentReference,uint256 _feeAmount,address _feeAddress)",
                selector: IEthereumFeeProxy::transferWithReferenceAndFeeCall::SELECTOR,
                intent: "Pay a request",
                fields: &[
                    PAYEE,
                    f("@.value", Role::AmountAndFee, Show::Native),
                    f("_feeAmount", Role::Fee, Show::Native),
                    FEE_RECIPIENT,
                    REFERENCE,
                ],
                hidden: &[],
            },
            Function {
                key: "transferExactEthWithReferenceAndFee(address _to,uint256 _amount,bytes _paymentReference,uint256 _feeAmount,address _feeAddress)",
                selector: IEthereumFeeProxy::transferExactEthWithReferenceAndFeeCall::SELECTOR,
                intent: "Pay a request",
                fields: &[
                    PAYEE,
                    f("_amount", Role::Amount, Show::Native),
                    f("_feeAmount", Role::Fee, Show::Native),
                    FEE_RECIPIENT,
                    REFERENCE,
                ],
                hidden: &[],
            },
        ],
    },
    Descriptor {
        contract: Contract::Erc20Proxy,
        functions: &[Function {
            key: "transferFromWithReference(address _tokenAddress,address _to,uint256 _amount,bytes _paymentReference)",
            selector: IERC20Proxy::transferFromWithReferenceCall::SELECTOR,
            intent: "Pay a request",
            fields: &[
                PAYEE,
                f("_amount", Role::Amount, Show::Token("_tokenAddress")),
                REFERENCE,
            ],
            hidden: &[],
        }],
    },
    Descriptor {
        contract: Contract::EthereumProxy,
        functions: &[Function {
            key: "transferWithReference(address _to,bytes _paymentReference)",
            selector: IEthereumProxy::transferWithReferenceCall::SELECTOR,
            intent: "Pay a request",
            fields: &[PAYEE, f("@.value", Role::Amount, Show::Native), REFERENCE],
            hidden: &[],
        }],
    },
    Descriptor {
        contract: Contract::Erc20ConversionProxy,
        functions: &[Function {
            key: "transferFromWithReferenceAndFee(address _to,uint256 _requestAmount,address[] _path,bytes _paymentReference,uint256 _feeAmount,address _feeAddress,uint256 _maxToSpend,uint256 _maxRateTimespan)",
            selector: IErc20ConversionProxy::transferFromWithReferenceAndFeeCall::SELECTOR,
            intent: "Pay a request with conversion",
            fields: &[
                PAYEE,
                f("_maxToSpend", Role::MaxToSpend, Show::Token("_path.[-1]")),
                f(
                    "_requestAmount",
                    Role::RequestAmount,
                    Show::Token("_path.[0]"),
                ),
                f("_feeAmount", Role::RequestFee, Show::Token("_path.[0]")),
                FEE_RECIPIENT,
                REFERENCE,
            ],
            hidden: &[RATE_TIMESPAN],
        }],
    },
    Descriptor {
        contract: Contract::EthConversionProxy,
        functions: &[Function {
            key: "transferWithReferenceAndFee(address _to,uint256 _requestAmount,address[] _path,bytes _paymentReference,uint256 _feeAmount,address _feeAddress,uint256 _maxRateTimespan)",
            selector: IEthConversionProxy::transferWithReferenceAndFeeCall::SELECTOR,
            intent: "Pay a request with conversion",
            fields: &[
                PAYEE,
                f("@.value", Role::MaxToSpend, Show::Native),
                f(
                    "_requestAmount",
                    Role::RequestAmount,
                    Show::Token("_path.[0]"),
                ),
                f("_feeAmount", Role::RequestFee, Show::Token("_path.[0]")),
                FEE_RECIPIENT,
                REFERENCE,
            ],
            hidden: &[RATE_TIMESPAN],
        }],
    },
    Descriptor {
        contract: Contract::BatchPayments,
        functions: &[
            Function {
                key: "batchERC20PaymentsWithReference(address _tokenAddress,address[] _recipients,uint256[] _amounts,bytes[] _paymentReferences,uint256[] _feeAmounts,address _feeAddress)",
                selector: Bp::batchERC20PaymentsWithReferenceCall::SELECTOR,
                intent: "Pay requests in batch",
                fields: &[
                    Entry::Bundled(&[
                        f("_recipients.[]", Role::Payee, Show::Address),
                        f("_amounts.[]", Role::Amount, Show::Token("_tokenAddress")),
                        f("_feeAmounts.[]", Role::Fee, Show::Token("_tokenAddress")),
                        f("_paymentReferences.[]", Role::Reference, Show::Raw),
                    ]),
                    FEE_RECIPIENT,
                ],
                hidden: &[],
            },
            Function {
                key: "batchERC20PaymentsMultiTokensWithReference(address[] _tokenAddresses,address[] _recipients,uint256[] _amounts,bytes[] _paymentReferences,uint256[] _feeAmounts,address _feeAddress)",
                selector: Bp::batchERC20PaymentsMultiTokensWithReferenceCall::SELECTOR,
                intent: "Pay requests in batch",
                fields: &[
                    Entry::Bundled(&[
                        f("_recipients.[]", Role::Payee, Show::Address),
                        f(
                            "_amounts.[]",
                            Role::Amount,
                            Show::Token("_tokenAddresses.[]"),
                        ),
                        f(
                            "_feeAmounts.[]",
                            Role::Fee,
                            Show::Token("_tokenAddresses.[]"),
                        ),
                        f("_paymentReferences.[]", Role::Reference, Show::Raw),
                    ]),
                    FEE_RECIPIENT,
                ],
                hidden: &[],
            },
            Function {
                key: "batchEthPaymentsWithReference(address[] _recipients,uint256[] _amounts,bytes[] _paymentReferences,uint256[] _feeAmounts,address _feeAddress)",
                selector: Bp::batchEthPaymentsWithReferenceCall::SELECTOR,
                intent: "Pay requests in batch",
                fields: &[
                    Entry::Bundled(&[
                        f("_recipients.[]", Role::Payee, Show::Address),
                        f("_amounts.[]", Role::Amount, Show::Native),
                        f("_feeAmounts.[]", Role::Fee, Show::Native),
                        f("_paymentReferences.[]", Role::Reference, Show::Raw),
                    ]),
                    FEE_RECIPIENT,
                ],
                hidden: &[],
            },
        ],
    },
    Descriptor {
        contract: Contract::BatchConversionPayments,
        functions: &[
            Function {
                key: concat!(
                    "batchPayments((uint256 paymentNetworkId,",
                    request_detail!(),
                    "[] requestDetails)[] metaDetails,address[][] pathsToUSD,address feeAddress)"
                ),
                selector: Bcp::batchPaymentsCall::SELECTOR,
                intent: "Pay requests in batch",
                fields: &[
                    Entry::Each(
                        "metaDetails.[]",
                        &[
                            f(
                                "paymentNetworkId",
                                Role::PaymentNetwork,
                                Show::Enum("paymentNetwork"),
                            ),
                            Entry::Each("requestDetails.[]", ANY_ROW),
                        ],
                    ),
                    BATCH_FEE_ADDRESS,
                ],
                hidden: &[PATHS_TO_USD],
            },
            Function {
                key: concat!(
                    "batchERC20Payments(",
                    request_detail!(),
                    "[] requestDetails,address[][] pathsToUSD,address feeAddress)"
                ),
                selector: Bcp::batchERC20PaymentsCall::SELECTOR,
                intent: "Pay requests in batch",
                fields: &[
                    Entry::Each("requestDetails.[]", ERC20_ROW),
                    BATCH_FEE_ADDRESS,
                ],
                hidden: &[PATHS_TO_USD],
            },
            Function {
                key: concat!(
                    "batchMultiERC20Payments(",
                    request_detail!(),
                    "[] requestDetails,address[][] pathsToUSD,address feeAddress)"
                ),
                selector: Bcp::batchMultiERC20PaymentsCall::SELECTOR,
                intent: "Pay requests in batch",
                fields: &[
                    Entry::Each("requestDetails.[]", ERC20_ROW),
                    BATCH_FEE_ADDRESS,
                ],
                hidden: &[PATHS_TO_USD],
            },
            Function {
                key: concat!(
                    "batchNativePayments(",
                    request_detail!(),
                    "[] requestDetails,bool skipFeeUSDLimit,address feeAddress)"
                ),
                selector: Bcp::batchNativePaymentsCall::SELECTOR,
                intent: "Pay requests in batch",
                fields: &[
                    Entry::Each("requestDetails.[]", NATIVE_ROW),
                    BATCH_FEE_ADDRESS,
                ],
                hidden: &[Hidden("skipFeeUSDLimit")],
            },
            Function {
                key: concat!(
                    "batchMultiERC20ConversionPayments(",
                    request_detail!(),
                    "[] requestDetails,address[][] pathsToUSD,address feeAddress)"
                ),
                selector: Bcp::batchMultiERC20ConversionPaymentsCall::SELECTOR,
                intent: "Pay requests with conversion in batch",
                fields: &[
                    Entry::Each("requestDetails.[]", ERC20_CONVERSION_ROW),
                    BATCH_FEE_ADDRESS,
                ],
                hidden: &[PATHS_TO_USD],
            },
            Function {
                key: concat!(
                    "batchNativeConversionPayments(",
                    request_detail!(),
                    "[] requestDetails,bool skipFeeUSDLimit,address feeAddress)"
                ),
                selector: Bcp::batchNativeConversionPaymentsCall::SELECTOR,
                intent: "Pay requests with conversion in batch",
                fields: &[
                    Entry::Each("requestDetails.[]", NATIVE_CONVERSION_ROW),
                    BATCH_FEE_ADDRESS,
                ],
                hidden: &[Hidden("skipFeeUSDLimit")],
            },
        ],
    },
];

/// The `batchPayments` group kinds (`paymentNetworkId`), as `securepay::calldata::BatchPaymentNetwork`
/// numbers them.
const PAYMENT_NETWORKS: [(&str, &str); 5] = [
    ("0", "ERC-20 with conversion"),
    ("1", "ERC-20, one token"),
    ("2", "ERC-20, several tokens"),
    ("3", "native currency"),
    ("4", "native currency with conversion"),
];

/// Why generation failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenError(pub String);

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GenError {}

impl From<reader::ReaderError> for GenError {
    fn from(e: reader::ReaderError) -> GenError {
        GenError(e.0)
    }
}

/// One generated file: its path from the workspace root and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// The path, from the workspace root.
    pub path: String,
    /// The text.
    pub text: String,
}

/// The file name of a contract's descriptor (`calldata-ERC20FeeProxy.json`).
///
/// ```
/// use securepay::contracts::Contract;
/// assert_eq!(securepay_erc7730::file_name(Contract::BatchPayments), "calldata-BatchPayments.json");
/// ```
pub fn file_name(contract: Contract) -> String {
    format!("calldata-{}.json", contract.name())
}

/// Checks every format key: it parses, it is written as the ERC requires, and its type-only
/// form hashes to the `sol!` selector.
///
/// ```
/// securepay_erc7730::check_keys()?;
/// # Ok::<(), securepay_erc7730::GenError>(())
/// ```
pub fn check_keys() -> Result<(), GenError> {
    for descriptor in DESCRIPTORS {
        for function in descriptor.functions {
            let signature = reader::Signature::parse(function.key)?;
            if signature.selector() != function.selector {
                return Err(GenError(format!(
                    "{} {}: the key hashes to {:02x?}, the sol! call's selector is {:02x?}",
                    descriptor.contract,
                    function.key,
                    signature.selector(),
                    function.selector
                )));
            }
        }
    }
    Ok(())
}

/// The `(chain id, EIP-55 address)` of every EVM deployment of `contract`, all versions, in
/// table order, each once.
pub fn deployments(contract: Contract) -> Vec<(u64, String)> {
    let mut out: Vec<(u64, String)> = Vec::new();
    for deployment in Deployments::builtin().iter() {
        if deployment.contract() != contract || !deployment.network().is_evm() {
            continue;
        }
        let entry = (
            deployment.network().chain_id(),
            deployment.address().abi().to_checksum(None),
        );
        if !out.contains(&entry) {
            out.push(entry);
        }
    }
    out
}

/// The catalog's native-currency hashes of EVM networks (what `batchPayments` native rows carry
/// in `path`), EIP-55, sorted.
pub fn native_currency_hashes() -> Vec<String> {
    let mut hashes: Vec<String> = Catalog::builtin()
        .currencies()
        .filter(|c| c.kind() == CurrencyType::Eth && c.chain_network().is_some_and(|n| n.is_evm()))
        .map(|c| c.address().abi().to_checksum(None))
        .collect();
    hashes.sort();
    hashes.dedup();
    hashes
}

fn address_params() -> Value {
    json!({ "types": ["eoa", "wallet", "contract"], "sources": ["local", "ens"] })
}

fn field_json(field: &Field, natives: &[String]) -> Value {
    let mut out = Map::new();
    out.insert("path".into(), field.path.into());
    out.insert("label".into(), field.role.label().into());
    let (format, params) = match field.show {
        Show::Address => ("addressName", Some(address_params())),
        Show::Raw => ("raw", None),
        Show::Native => ("amount", None),
        Show::Token(path) => ("tokenAmount", Some(json!({ "tokenPath": path }))),
        Show::TokenOrNative(path) => (
            "tokenAmount",
            Some(json!({ "tokenPath": path, "nativeCurrencyAddress": natives })),
        ),
        Show::Enum(name) => (
            "enum",
            Some(json!({ "$ref": format!("$.metadata.enums.{name}") })),
        ),
    };
    out.insert("format".into(), format.into());
    if let Some(params) = params {
        out.insert("params".into(), params);
    }
    let visible = match field.hide_zero {
        true => json!({ "ifNotIn": ["0"] }),
        false => json!("always"),
    };
    out.insert("visible".into(), visible);
    Value::Object(out)
}

fn entries_json(entries: &[Entry], natives: &[String]) -> Vec<Value> {
    entries
        .iter()
        .map(|entry| match entry {
            Entry::Field(field) => field_json(field, natives),
            Entry::Each(path, inner) => json!({
                "path": path,
                "fields": entries_json(inner, natives),
            }),
            Entry::Bundled(inner) => json!({
                "iteration": "bundled",
                "fields": entries_json(inner, natives),
            }),
        })
        .collect()
}

/// Whether a descriptor's fields use the `paymentNetwork` enum.
fn uses_enum(entries: &[Entry]) -> bool {
    entries.iter().any(|e| match e {
        Entry::Field(field) => matches!(field.show, Show::Enum(_)),
        Entry::Each(_, inner) | Entry::Bundled(inner) => uses_enum(inner),
    })
}

/// The descriptor JSON of one contract.
pub fn descriptor_json(descriptor: &Descriptor) -> Value {
    let natives = native_currency_hashes();
    let deployments: Vec<Value> = deployments(descriptor.contract)
        .into_iter()
        .map(|(chain_id, address)| json!({ "chainId": chain_id, "address": address }))
        .collect();
    let mut formats = Map::new();
    for function in descriptor.functions {
        let mut fields = entries_json(function.fields, &natives);
        for hidden in function.hidden {
            fields.push(json!({ "path": hidden.0, "visible": "never" }));
        }
        let id = function.key.split('(').next().unwrap_or(function.key);
        formats.insert(
            function.key.into(),
            json!({ "$id": id, "intent": function.intent, "fields": fields }),
        );
    }
    let mut metadata = Map::new();
    metadata.insert("owner".into(), OWNER.into());
    metadata.insert("contractName".into(), descriptor.contract.name().into());
    metadata.insert("info".into(), json!({ "url": "https://request.network" }));
    if descriptor.functions.iter().any(|f| uses_enum(f.fields)) {
        let values: Map<String, Value> = PAYMENT_NETWORKS
            .iter()
            .map(|(k, v)| ((*k).to_owned(), Value::from(*v)))
            .collect();
        metadata.insert("enums".into(), json!({ "paymentNetwork": values }));
    }
    json!({
        "$schema": SCHEMA_URL,
        "context": {
            "$id": format!("{OWNER} {}", descriptor.contract.name()),
            "contract": { "deployments": deployments },
        },
        "metadata": metadata,
        "display": { "formats": formats },
    })
}

/// JSON as committed: two-space indentation, a final newline.
pub fn pretty(value: &Value) -> Result<String, GenError> {
    let mut text = serde_json::to_string_pretty(value).map_err(|e| GenError(e.to_string()))?;
    text.push('\n');
    Ok(text)
}

/// Every file: each descriptor, its test file of the registry's test schema
/// (`tests/`, `erc7730-tests.schema.json`: signed transactions) and of its v2 test schema
/// (`testsv2/`, `erc7730-tests-v2.schema.json`: the same transactions unsigned, as that schema
/// and the registry's v2 test files have them).
pub fn generate() -> Result<Vec<Output>, GenError> {
    check_keys()?;
    let mut outputs = Vec::new();
    for descriptor in DESCRIPTORS {
        let json = descriptor_json(descriptor);
        let name = file_name(descriptor.contract);
        let (tests, testsv2) = fixtures::test_files(descriptor, &json, &name)?;
        outputs.push(Output {
            path: format!("{REGISTRY_DIR}/{name}"),
            text: pretty(&json)?,
        });
        let stem = name.trim_end_matches(".json");
        outputs.push(Output {
            path: format!("{REGISTRY_DIR}/tests/{stem}.tests.json"),
            text: pretty(&tests)?,
        });
        outputs.push(Output {
            path: format!("{REGISTRY_DIR}/testsv2/{stem}.tests.json"),
            text: pretty(&testsv2)?,
        });
    }
    Ok(outputs)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)] // a failure is the report
mod tests {
    use super::*;

    /// The freshness test: the committed files are what the generator writes.
    #[test]
    fn committed_files_are_fresh() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let stale: Vec<String> = generate()
            .unwrap()
            .into_iter()
            .filter(|o| {
                std::fs::read_to_string(root.join(&o.path)).ok().as_deref() != Some(&o.text)
            })
            .map(|o| o.path)
            .collect();
        assert!(
            stale.is_empty(),
            "stale: {stale:?}: run `cargo run -p securepay-erc7730` and commit"
        );
    }

    /// No stray file in the registry directory: every file there is generated.
    #[test]
    fn no_file_is_left_from_an_older_generation() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let generated: Vec<String> = generate().unwrap().into_iter().map(|o| o.path).collect();
        for dir in ["", "/tests", "/testsv2"] {
            let dir = format!("{REGISTRY_DIR}{dir}");
            for entry in std::fs::read_dir(root.join(&dir)).unwrap() {
                let entry = entry.unwrap();
                if entry.file_type().unwrap().is_file() {
                    let path = format!("{dir}/{}", entry.file_name().to_string_lossy());
                    assert!(
                        generated.contains(&path),
                        "{path} is not generated: remove it"
                    );
                }
            }
        }
    }

    /// Keys as the ERC writes them, each hashing to the `sol!` selector; a drifted key fails.
    #[test]
    fn keys_hash_to_the_sol_selectors() {
        check_keys().unwrap();
        let drifted = "transferFromWithReferenceAndFee(address _tokenAddress,address _to,uint256 _amount,bytes _paymentReference,uint256 _feeAmount,uint256 _feeAddress)";
        let signature = reader::Signature::parse(drifted).unwrap();
        assert_ne!(
            signature.selector(),
            IERC20FeeProxy::transferFromWithReferenceAndFeeCall::SELECTOR
        );
        for key in DESCRIPTORS.iter().flat_map(|d| d.functions).map(|f| f.key) {
            assert!(!key.contains(", "), "{key}: a space after a comma");
        }
    }

    /// Every contract of the table has a descriptor or a stated reason.
    #[test]
    fn every_contract_is_described_or_left_out_with_a_reason() {
        let left_out = [
            Contract::ChainlinkConversionPath,
            Contract::SingleRequestProxyFactory,
            Contract::LiFiDiamond,
            Contract::Erc20BatchPayments,
        ];
        for contract in Contract::ALL {
            let described = DESCRIPTORS.iter().any(|d| d.contract == contract);
            assert!(described != left_out.contains(&contract), "{contract}");
            if described {
                assert!(!deployments(contract).is_empty(), "{contract}");
            }
        }
        // Tron only.
        assert!(deployments(Contract::Erc20BatchPayments).is_empty());
    }
}
