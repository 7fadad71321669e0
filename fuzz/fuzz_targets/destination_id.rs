//! `DestinationId::parse`: the text is kept exactly (Display, serde), Display → parse gives the
//! same id, and the canonical form parses to the same network, wallet and token.
#![no_main]

use libfuzzer_sys::fuzz_target;
use securepay::address::{DestinationId, ChainAddress};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(id) = DestinationId::parse(text) else {
        return;
    };
    assert_eq!(id.to_string(), text);
    assert_eq!(id.as_str(), text);
    assert_eq!(DestinationId::parse(&id.to_string()).as_ref(), Ok(&id));
    let json = serde_json::to_string(&id).expect("serializes");
    assert_eq!(
        serde_json::from_str::<DestinationId>(&json).ok().as_ref(),
        Some(&id)
    );

    let canonical = id.to_canonical_string();
    let again = DestinationId::parse(&canonical).expect("the canonical form parses");
    assert_eq!(again.network(), id.network());
    assert_eq!(again.wallet(), id.wallet());
    assert_eq!(again.token(), id.token());
    assert_eq!(
        again.interop_name().to_binary(),
        id.interop_name().to_binary()
    );
    assert_eq!(
        again.to_canonical_string(),
        canonical,
        "the canonical form is stable"
    );

    // The wallet and the token are of the destination network's family.
    assert!(id.wallet().fits(id.network()));
    assert!(id.token().fits(id.network()));
    assert_eq!(
        ChainAddress::parse(id.network(), &id.token().to_string()),
        Ok(id.token())
    );
});
