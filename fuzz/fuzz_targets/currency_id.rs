//! `CurrencyId::parse` and `Catalog::builtin().get`: the id keeps its text (Display, serde),
//! Display → parse gives the same id, the symbol part and the network put back together give
//! the text, and a catalog hit is a currency whose own id is in the catalog.
#![no_main]

use libfuzzer_sys::fuzz_target;
use securepay::currency::{Catalog, CurrencyId, CurrencyNetwork};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(id) = CurrencyId::parse(text) {
        assert_eq!(id.to_string(), text);
        assert_eq!(id.as_str(), text);
        assert_eq!(CurrencyId::parse(&id.to_string()).as_ref(), Ok(&id));
        let json = serde_json::to_string(&id).expect("serializes");
        assert_eq!(
            serde_json::from_str::<CurrencyId>(&json).ok().as_ref(),
            Some(&id)
        );
        match id.network() {
            Some(network) => {
                assert_eq!(format!("{}-{}", id.symbol_part(), network.id()), text);
                assert!(!id.symbol_part().is_empty());
                assert_eq!(
                    CurrencyId::parse_on(text, &CurrencyNetwork::Chain(network)).as_ref(),
                    Ok(&id)
                );
            }
            None => {
                assert!(id.is_fiat());
                assert_eq!(id.symbol_part(), text);
                assert_eq!(
                    CurrencyId::parse_on(text, &CurrencyNetwork::Fiat).as_ref(),
                    Ok(&id)
                );
            }
        }
    }
    let catalog = Catalog::builtin();
    if let Ok(currency) = catalog.get(text) {
        let own = currency.id().as_str();
        assert_eq!(catalog.get(own).map(|c| c.id()), Ok(currency.id()));
        assert_eq!(CurrencyId::parse(own).as_ref(), Ok(currency.id()));
        let entry = catalog.entry(text).expect("get and entry agree");
        assert_eq!(entry.currency().id(), currency.id());
    }
});
