//! Structural validation: each rule has a failing case named after it, and every problem is
//! reported (not only the first).

use crate::common;

use securepay::pay::{PayResponse, Problem};
use serde_json::{Value, json};

fn problems_after(fixture: &str, change: impl FnOnce(&mut Value)) -> Vec<Problem> {
    let mut value = common::read_json(&format!("pay/{fixture}.json"));
    change(&mut value);
    let response: PayResponse =
        serde_json::from_value(value).unwrap_or_else(|e| panic!("still readable: {e}"));
    response.problems()
}

fn codes(problems: &[Problem]) -> Vec<&'static str> {
    problems.iter().map(Problem::code).collect()
}

#[test]
fn index_out_of_range() {
    let problems = problems_after("single_erc20_fees", |v| {
        v["metadata"]["paymentTransactionIndex"] = json!(9)
    });
    assert!(
        codes(&problems).contains(&"index_out_of_range"),
        "{problems:?}"
    );
    let problems = problems_after("multicall_same_chain", |v| {
        v["metadata"]["feeTransactionIndices"] = json!([40])
    });
    assert!(codes(&problems).contains(&"index_out_of_range"));
    assert!(
        problems
            .iter()
            .any(|p| p.to_string().contains("feeTransactionIndices = 40"))
    );
}

#[test]
fn overlapping_indices() {
    let problems = problems_after("single_erc20_fees", |v| {
        v["metadata"]["approvalTransactionIndex"] = json!(1)
    });
    assert!(
        codes(&problems).contains(&"overlapping_indices"),
        "{problems:?}"
    );
    let problems = problems_after("multicall_same_chain", |v| {
        v["metadata"]["approvalTransactionIndices"] = json!([0, 4])
    });
    assert!(
        codes(&problems).contains(&"overlapping_indices"),
        "an approval that is also a fee leg: {problems:?}"
    );
}

#[test]
fn fee_leg_count() {
    let problems = problems_after("single_erc20_fees", |v| {
        let fees = v["feeBundle"]["fees"].as_array_mut().unwrap();
        fees.pop();
    });
    assert_eq!(
        problems,
        vec![Problem::FeeLegCount {
            transactions: 2,
            entries: 1
        }]
    );
    let problems = problems_after("single_erc20_fees", |v| {
        let extra = v["transactions"][3].clone();
        v["transactions"].as_array_mut().unwrap().push(extra);
    });
    assert!(codes(&problems).contains(&"fee_leg_count"));
    let problems = problems_after("multicall_same_chain", |v| {
        v["metadata"]["feeTransactionIndices"] = json!([])
    });
    assert!(
        !codes(&problems).contains(&"fee_leg_count"),
        "more entries than fee transactions is fine: a fee may be paid inside a payment call"
    );
    let problems = problems_after("multicall_same_chain", |v| {
        v["feeBundle"]["fees"] = json!([])
    });
    assert!(codes(&problems).contains(&"fee_leg_count"), "{problems:?}");
}

#[test]
fn fee_leg_order() {
    let problems = problems_after("multicall_same_chain", |v| {
        v["metadata"]["feeTransactionIndices"] = json!([4, 3]);
        let fee = v["feeBundle"]["fees"][0].clone();
        v["feeBundle"]["fees"].as_array_mut().unwrap().push(fee);
    });
    assert!(codes(&problems).contains(&"fee_leg_order"), "{problems:?}");
}

#[test]
fn fee_entry_network_and_chain_id() {
    let problems = problems_after("single_erc20_fees", |v| {
        v["feeBundle"]["fees"][1]["network"] = json!("optimism");
        v["feeBundle"]["fees"][1]["chainId"] = json!("10");
    });
    assert!(
        codes(&problems).contains(&"fee_entry_network"),
        "{problems:?}"
    );
    let problems = problems_after("single_erc20_fees", |v| {
        v["feeBundle"]["fees"][0]["chainId"] = json!("1")
    });
    assert_eq!(codes(&problems), vec!["fee_entry_chain_id"]);
    let problems = problems_after("multicall_same_chain", |v| {
        v["feeBundle"]["fees"][0]["network"] = json!("mainnet");
        v["feeBundle"]["fees"][0]["chainId"] = json!("1");
    });
    assert_eq!(codes(&problems), vec!["fee_entry_network"]);
}

#[test]
fn child_count() {
    let problems = problems_after("multicall_same_chain", |v| {
        v["metadata"]["childCount"] = json!(4)
    });
    assert_eq!(
        problems,
        vec![Problem::ChildCount {
            child_count: Some(4),
            children: 3
        }]
    );
    let problems = problems_after("multicall_same_chain", |v| {
        v["metadata"].as_object_mut().unwrap().remove("childCount");
    });
    assert_eq!(codes(&problems), vec!["child_count"]);
}

#[test]
fn child_position() {
    let problems = problems_after("multicall_same_chain", |v| {
        v["children"][2]["position"] = json!(1)
    });
    assert_eq!(
        problems,
        vec![Problem::ChildPosition {
            index: 2,
            position: 1
        }]
    );
}

#[test]
fn parallel_arrays_agree_with_the_children() {
    let cases: [(&str, Value, usize); 5] = [
        ("childTokens", json!("01JD3E6JD46KY4KKV7X9V0MZ7Z"), 1),
        ("requestIds", json!("01ff"), 1),
        (
            "payees",
            json!("0x000000000000000000000000000000000000dEaD"),
            1,
        ),
        ("amounts", json!("20.000001"), 1),
        ("references", json!("0x0909090909090909"), 1),
    ];
    for (field, replacement, index) in cases {
        let problems = problems_after("multicall_same_chain", |v| v[field][index] = replacement);
        assert_eq!(
            problems,
            vec![Problem::ParallelArray {
                field: match field {
                    "childTokens" => "childTokens",
                    "requestIds" => "requestIds",
                    "payees" => "payees",
                    "amounts" => "amounts",
                    _ => "references",
                },
                index
            }],
            "{field}"
        );
    }
    let problems = problems_after("multicall_same_chain", |v| {
        v["payees"].as_array_mut().unwrap().pop();
    });
    assert_eq!(
        problems,
        vec![Problem::ParallelArray {
            field: "payees",
            index: 2
        }]
    );
    let problems = problems_after("multicall_same_chain", |v| v["amounts"][1] = json!("20.00"));
    assert!(problems.is_empty(), "20.00 equals 20: {problems:?}");
}

#[test]
fn destination_calls_only_and_always_on_cross_chain() {
    let problems = problems_after("multicall_cross_chain", |v| {
        v["children"][1]
            .as_object_mut()
            .unwrap()
            .remove("destinationCall");
    });
    assert!(
        codes(&problems).contains(&"missing_destination_call"),
        "{problems:?}"
    );
    assert!(codes(&problems).contains(&"destination_calls_mirror"));
    let problems = problems_after("multicall_cross_chain", |v| {
        v["destinationCalls"][0]["calldata"] = json!("0x")
    });
    assert_eq!(problems, vec![Problem::DestinationCallsMirror { index: 0 }]);
    let problems = problems_after("multicall_cross_chain", |v| {
        v["executionKind"] = json!("evm_same_chain")
    });
    assert_eq!(
        codes(&problems),
        vec![
            "destination_call_on_same_chain",
            "destination_call_on_same_chain",
            "destination_call_on_same_chain"
        ]
    );
}

#[test]
fn chain_id_agrees_with_network() {
    let problems = problems_after("multicall_same_chain", |v| v["chainId"] = json!(10));
    assert_eq!(
        problems,
        vec![Problem::ChainIdNetwork {
            network: securepay::network::Network::Base,
            chain_id: 10
        }]
    );
}

#[test]
fn missing_executable_leg_count() {
    let problems = problems_after("multicall_cross_chain", |v| {
        v["metadata"]
            .as_object_mut()
            .unwrap()
            .remove("executableLegCount");
    });
    assert_eq!(problems, vec![Problem::MissingExecutableLegCount]);
}

#[test]
fn amount_summary_adds_up_exactly() {
    let rules = [
        (
            "totalFees",
            "1.56",
            "totalFees = payeeBorneFees + payerBorneFees",
        ),
        (
            "netRecipientAmount",
            "826.24",
            "netRecipientAmount = grossAmount - payeeBorneFees",
        ),
        (
            "payerTotal",
            "827.800001",
            "payerTotal = grossAmount + payerBorneFees",
        ),
    ];
    for (field, value, rule) in rules {
        let problems = problems_after("single_erc20_fees", |v| {
            v["feeBundle"]["amountSummary"][field] = json!(value)
        });
        assert_eq!(problems, vec![Problem::AmountSummary { rule }], "{field}");
    }
    let problems = problems_after("single_erc20_fees", |v| {
        v["feeBundle"]["amountSummary"]["payerTotal"] = json!("827.800000000")
    });
    assert!(problems.is_empty(), "trailing zeros do not matter");
}

#[test]
fn a_legacy_batch_needs_a_batch_call() {
    let problems = problems_after("legacy_batch", |v| {
        v.as_object_mut().unwrap().remove("batchPaymentTransaction");
    });
    assert_eq!(problems, vec![Problem::NoPaymentTransaction]);
}

#[test]
fn every_problem_is_reported_not_only_the_first() {
    let problems = problems_after("multicall_same_chain", |v| {
        v["chainId"] = json!(1);
        v["children"][0]["position"] = json!(7);
        v["metadata"]["childCount"] = json!(9);
        v["feeBundle"]["amountSummary"]["totalFees"] = json!("99");
    });
    assert!(problems.len() >= 4, "{problems:?}");
    let json = serde_json::to_value(&problems).unwrap();
    assert!(
        json.as_array()
            .unwrap()
            .iter()
            .all(|p| p["code"].is_string())
    );
}
