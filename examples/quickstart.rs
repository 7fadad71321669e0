//! A walkthrough of securepay on built-in data: no network, no keys.
//!
//! Run it with `cargo run --example quickstart`.

use securepay::address::{ChainAddress, InteropName, TronAddress};
use securepay::amount::{format_units, parse_units};
use securepay::calldata::{Allowance, Builder, Decoder, Erc20FeePayment, Flow, PaymentReference};
use securepay::contracts::{Contract, Deployments};
use securepay::currency::Catalog;
use securepay::network::{Feature, Network};
use securepay::pay::PayResponse;
use securepay::verify::{Expectation, verify};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("securepay quickstart: every answer below comes from data compiled into the crate.\n");

    // 1. A network, parsed from its id, its chain id or its cross-chain query name.
    let base: Network = "base".parse()?;
    println!(
        "1. Network {} ({}): chain id {}, {:?}, testnet: {}",
        base.display_name(),
        base,
        base.chain_id(),
        base.kind(),
        base.is_testnet()
    );
    println!(
        "   same network from chain id 8453: {}, from query name BASE: {}",
        Network::from_chain_id(8453)?,
        Network::from_query_name("BASE")?
    );
    let features: Vec<String> = base.features().map(|f| format!("{f:?}")).collect();
    println!("   features: {}", features.join(", "));
    println!(
        "   batch payments on Tron? {}",
        Network::Tron.supports(Feature::BatchIn)
    );
    if let Err(error) = "nile".parse::<Network>() {
        println!("   \"nile\" is refused: {error}");
    }

    // 2. Addresses: EVM (EIP-55) and Tron (Base58Check), bound to their network's family.
    let payee = ChainAddress::parse(base, "0x6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7")?;
    println!("\n2. EVM payee on Base, written EIP-55: {payee}");
    let usdt_tron: TronAddress = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".parse()?;
    println!(
        "   Tron USDT {usdt_tron}: hex {}, ABI form {:#x}",
        usdt_tron.to_hex(),
        usdt_tron.abi()
    );
    if let Err(error) = ChainAddress::parse(base, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t") {
        println!("   a Tron address on Base is refused: {error}");
    }

    // 3. An interoperable name (ERC-7828) with its checksum, and its binary form (ERC-7930).
    let name: InteropName = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453".parse()?;
    println!(
        "\n3. Interop name with checksum: {}",
        name.to_checked_string()
    );
    println!("   binary (ERC-7930): {}", name.to_binary());
    if let Err(error) =
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#ABCD1234".parse::<InteropName>()
    {
        println!("   the docs' placeholder checksum is caught: {error}");
    }

    // 4. A currency lookup in the built-in catalog, and the contract that pulls the funds.
    let catalog = Catalog::builtin();
    let usdc = catalog.get("USDC-base")?;
    println!(
        "\n4. {} ({}) on {}: {} decimals, token {}",
        usdc.name(),
        usdc.id(),
        usdc.network(),
        usdc.decimals(),
        usdc.address()
    );
    let usdc_bsc = catalog.get("USDC-bsc")?;
    println!(
        "   careful: {} has {} decimals",
        usdc_bsc.id(),
        usdc_bsc.decimals()
    );
    let proxy = Deployments::builtin().address(base, Contract::Erc20FeeProxy)?;
    println!("   the ERC20FeeProxy on Base is {proxy}");

    // 5. An exact amount conversion: human text to smallest units and back, never rounded.
    let units = parse_units("10.50", usdc.decimals())?;
    println!(
        "\n5. 10.50 USDC = {units} smallest units; back to text: {}",
        format_units(units, usdc.decimals())
    );
    if let Err(error) = parse_units("10.5000001", usdc.decimals()) {
        println!("   10.5000001 USDC is refused, not rounded: {error}");
    }

    // 6. Calldata: a payment reference, an approval and the payment, then a strict decode.
    let reference = PaymentReference::derive("abcd", "salt", &payee.to_string())?;
    let builder = Builder::new(base);
    let approve = builder.approve_for(Flow::Erc20Fee, *usdc.address(), Allowance::Exact(units))?;
    let pay = builder.erc20_fee(&Erc20FeePayment::new(
        *usdc.address(),
        payee,
        units,
        reference,
    ))?;
    println!("\n6. Payment reference of request \"abcd\" with salt \"salt\": {reference}");
    println!(
        "   approve: to {} data {}…",
        approve.to,
        &approve.data.to_string()[..10]
    );
    println!(
        "   pay:     to {} value {} data {}… ({} bytes)",
        pay.to,
        pay.value,
        &pay.data.to_string()[..10],
        pay.data.len()
    );
    let decoded = Decoder::builtin().decode(base, &pay.to, &pay.data, pay.value)?;
    println!(
        "   decoded strictly: {} {} {}",
        decoded.target,
        decoded.call.function(),
        serde_json::to_string(&decoded.call)?
    );
    let mut tampered = pay.data.to_vec();
    tampered.extend([0u8; 32]);
    if let Err(error) = Decoder::builtin().decode(base, &pay.to, &tampered, pay.value) {
        println!("   the same calldata with 32 extra bytes is refused: {error}");
    }

    // 7. Pre-sign verification: the pay response a server would send with these two
    //    transactions (the `single` shape), read from its JSON bytes and checked against what
    //    the payer agreed to.
    let body = serde_json::json!({
        "paymentType": "single",
        "transactions": [approve, pay],
        "feeBundle": null,
        "metadata": {"stepsRequired": 2, "needsApproval": true, "approvalTransactionIndex": 0, "paymentTransactionIndex": 1},
    });
    let response = PayResponse::from_slice(&serde_json::to_vec(&body)?)?;
    let agreed = format!(
        r#"{{"network":"base","currency":"USDC-base","payments":[{{"payee":"{payee}","amount":"10.50","reference":"{reference}"}}]}}"#
    );
    let verdict = verify(&response, &Expectation::from_str(&agreed)?);
    println!(
        "\n7. The pay response against the agreement: safe to sign: {}",
        verdict.is_safe()
    );
    for line in &verdict.summary.lines {
        println!("   | {line}");
    }
    // What the verdict relies on about the token, with the fact's source.
    for assumption in &verdict.assumptions {
        println!("   {assumption} [{}]", assumption.source);
    }
    let cheaper = agreed.replace("10.50", "10.00");
    let verdict = verify(&response, &Expectation::from_str(&cheaper)?);
    for finding in &verdict.findings {
        println!("   had the payer agreed to 10.00: {finding}");
    }
    Ok(())
}
