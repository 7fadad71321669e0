//! Issue 35, item 2: every page of a payment search. The sans-IO walk against an in-process
//! fake server (a closure that answers pages by the request's `offset` and `limit`): it stops on
//! the last page, catches a repeated page or an offset that does not advance, an empty page
//! that says more follow, an offset or limit that is not echoed, too many payments, and the
//! page cap; it never trusts `total`. The async pager runs against the library's stub server,
//! which counts requests.

use std::cell::RefCell;
use std::num::NonZeroU32;

use securepay::api::{
    Api, ApiErrorKind, Credential, DEFAULT_MAX_PAGES, DEFAULT_PAGE_LIMIT, PagesError,
    PaginationError, PaymentPages, SearchPayments,
};
use serde_json::{Value, json};

fn payment(id: &str) -> Value {
    json!({"id": id, "amount": "10.5", "sourceNetwork": "base", "destinationNetwork": "base",
        "timestamp": "2024-01-15T10:30:00.000Z", "type": "direct", "currency": "USDC",
        "paymentCurrency": "USDC-base"})
}

fn body(ids: &[String], total: u64, limit: u64, offset: u64, has_more: bool) -> String {
    let payments: Vec<Value> = ids.iter().map(|id| payment(id)).collect();
    json!({"payments": payments,
        "pagination": {"total": total, "limit": limit, "offset": offset, "hasMore": has_more}})
    .to_string()
}

/// The value of `name` in the request's query.
fn query(request: &http::Request<Vec<u8>>, name: &str) -> Option<u64> {
    request
        .uri()
        .query()?
        .split('&')
        .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
        .and_then(|value| value.parse().ok())
}

fn ok(text: String) -> Result<http::Response<Vec<u8>>, String> {
    Ok(http::Response::new(text.into_bytes()))
}

fn walk(limit: Option<u32>) -> PaymentPages {
    let mut search = SearchPayments::new().reference("ORDER-1").unwrap();
    if let Some(limit) = limit {
        search = search.limit(limit).unwrap();
    }
    Api::new()
        .payment_pages(&Credential::api_key("sk_test").unwrap(), search)
        .unwrap()
}

/// A well-behaved server over `count` payments: the page asked for, `hasMore` while payments
/// remain. Records the (offset, limit) of each request.
fn honest(
    count: u64,
    seen: &RefCell<Vec<(u64, u64)>>,
) -> impl FnMut(http::Request<Vec<u8>>) -> Result<http::Response<Vec<u8>>, String> + '_ {
    move |request| {
        let offset = query(&request, "offset").ok_or("no offset")?;
        let limit = query(&request, "limit").ok_or("no limit")?;
        seen.borrow_mut().push((offset, limit));
        let end = count.min(offset + limit);
        let ids: Vec<String> = (offset..end).map(|n| format!("p{n}")).collect();
        ok(body(&ids, count, limit, offset, end < count))
    }
}

#[test]
fn three_pages_then_stop() {
    let seen = RefCell::new(Vec::new());
    let mut pages = walk(Some(3)).pages(honest(7, &seen));
    let mut sizes = Vec::new();
    for page in pages.by_ref() {
        sizes.push(page.unwrap().payments.len());
    }
    assert_eq!(sizes, [3, 3, 1]);
    assert_eq!(*seen.borrow(), [(0, 3), (3, 3), (6, 3)]);
    assert!(pages.next().is_none()); // fused
    assert!(pages.walk().is_finished());
    assert_eq!(pages.walk().pages_accepted(), 3);

    let seen = RefCell::new(Vec::new());
    let ids: Vec<String> = walk(Some(3))
        .pages(honest(7, &seen))
        .payments()
        .map(|p| p.unwrap().id)
        .collect();
    assert_eq!(ids, ["p0", "p1", "p2", "p3", "p4", "p5", "p6"]);

    // A last page that is full, then nothing: an empty last page is fine when hasMore is false.
    let seen = RefCell::new(Vec::new());
    let mut count = 0;
    for page in walk(Some(3)).pages(honest(6, &seen)) {
        page.unwrap();
        count += 1;
    }
    assert_eq!(count, 2);
}

#[test]
fn the_walk_starts_at_the_search_offset_and_always_sends_a_limit() {
    let seen = RefCell::new(Vec::new());
    let search = SearchPayments::new()
        .reference("ORDER-1")
        .unwrap()
        .offset(45);
    let pages = Api::new()
        .payment_pages(&Credential::api_key("sk_test").unwrap(), search)
        .unwrap();
    let count = pages.pages(honest(50, &seen)).count();
    assert_eq!(count, 1);
    assert_eq!(*seen.borrow(), [(45, u64::from(DEFAULT_PAGE_LIMIT))]);
}

#[test]
fn a_server_repeating_the_same_page_forever_is_stopped_after_one_repeat() {
    let requests = RefCell::new(0);
    let same = |_: http::Request<Vec<u8>>| {
        *requests.borrow_mut() += 1;
        ok(body(&["a".into(), "b".into()], 100, 2, 0, true))
    };
    let mut pages = walk(Some(2)).pages(same);
    assert!(pages.next().unwrap().is_ok());
    let error = pages.next().unwrap().unwrap_err();
    assert_eq!(
        error,
        PagesError::Pagination(PaginationError::Repeated {
            page: 2,
            earlier: 1,
            offset: 0
        })
    );
    assert!(pages.next().is_none());
    assert_eq!(*requests.borrow(), 2);

    // The same payments at an echoed, advancing offset are caught too.
    let echoing = |request: http::Request<Vec<u8>>| {
        let offset = query(&request, "offset").unwrap();
        ok(body(&["a".into(), "b".into()], 100, 2, offset, true))
    };
    let results: Vec<_> = walk(Some(2)).pages(echoing).collect();
    assert_eq!(results.len(), 2);
    assert!(matches!(
        results[1],
        Err(PagesError::Pagination(PaginationError::Repeated {
            page: 2,
            earlier: 1,
            offset: 2
        }))
    ));
}

#[test]
fn an_offset_that_goes_back_is_a_repeat_even_with_new_payments() {
    let answers = RefCell::new(vec![
        body(&["a".into(), "b".into()], 9, 2, 0, true),
        body(&["c".into(), "d".into()], 9, 2, 2, true),
        body(&["e".into(), "f".into()], 9, 2, 2, true),
    ]);
    let send = |_: http::Request<Vec<u8>>| ok(answers.borrow_mut().remove(0));
    let results: Vec<_> = walk(Some(2)).pages(send).collect();
    assert_eq!(results.len(), 3);
    assert_eq!(
        results[2],
        Err(PagesError::Pagination(PaginationError::Repeated {
            page: 3,
            earlier: 2,
            offset: 2
        }))
    );
}

#[test]
fn empty_pages_that_say_more_follow_are_an_error_not_a_loop() {
    let requests = RefCell::new(0);
    let empty = |request: http::Request<Vec<u8>>| {
        *requests.borrow_mut() += 1;
        let offset = query(&request, "offset").unwrap();
        ok(body(&[], 10, 20, offset, true))
    };
    let results: Vec<_> = walk(None).pages(empty).collect();
    assert_eq!(
        results,
        [Err(PagesError::Pagination(
            PaginationError::EmptyWithMore { page: 1, offset: 0 }
        ))]
    );
    assert_eq!(*requests.borrow(), 1);
}

#[test]
fn an_offset_that_is_not_echoed_is_refused() {
    let skewed = |request: http::Request<Vec<u8>>| {
        let offset = query(&request, "offset").unwrap();
        let ids: Vec<String> = (0..2).map(|n| format!("p{}", offset + n)).collect();
        // The second page says it starts one further than asked.
        let answered = if offset == 0 { 0 } else { offset + 1 };
        ok(body(&ids, 10, 2, answered, true))
    };
    let results: Vec<_> = walk(Some(2)).pages(skewed).collect();
    assert_eq!(results.len(), 2);
    assert_eq!(
        results[1],
        Err(PagesError::Pagination(PaginationError::OffsetMismatch {
            page: 2,
            asked: 2,
            answered: 3
        }))
    );
}

#[test]
fn the_limit_is_sent_echoed_and_respected() {
    // Too many payments for the limit asked.
    let generous = |request: http::Request<Vec<u8>>| {
        let limit = query(&request, "limit").unwrap();
        let ids: Vec<String> = (0..=limit).map(|n| format!("p{n}")).collect();
        ok(body(&ids, 100, limit, 0, true))
    };
    let results: Vec<_> = walk(Some(5)).pages(generous).collect();
    assert_eq!(
        results,
        [Err(PagesError::Pagination(PaginationError::TooManyItems {
            page: 1,
            limit: 5,
            given: 6
        }))]
    );
    // Another page size than the one asked.
    let resized = |_: http::Request<Vec<u8>>| ok(body(&["a".into()], 100, 50, 0, true));
    let results: Vec<_> = walk(Some(5)).pages(resized).collect();
    assert_eq!(
        results,
        [Err(PagesError::Pagination(
            PaginationError::LimitMismatch {
                page: 1,
                asked: 5,
                answered: 50
            }
        ))]
    );
    // Fewer payments than the limit on a page that is not the last is fine.
    let short = |request: http::Request<Vec<u8>>| {
        let offset = query(&request, "offset").unwrap();
        ok(body(&[format!("p{offset}")], 2, 5, offset, offset == 0))
    };
    let results: Vec<_> = walk(Some(5)).pages(short).collect();
    assert_eq!(results.len(), 2);
    assert!(results.iter().all(Result::is_ok));
}

#[test]
fn the_page_cap_ends_an_endless_search() {
    let seen = RefCell::new(Vec::new());
    let pages = walk(Some(1)).with_max_pages(NonZeroU32::new(3).unwrap());
    let results: Vec<_> = pages.pages(honest(u64::MAX, &seen)).collect();
    assert_eq!(results.len(), 4);
    assert!(results[..3].iter().all(Result::is_ok));
    assert_eq!(
        results[3],
        Err(PagesError::Pagination(PaginationError::PageCap {
            max_pages: 3
        }))
    );
    assert_eq!(seen.borrow().len(), 3);

    // The default cap.
    let seen = RefCell::new(Vec::new());
    let mut pages = walk(Some(1)).pages(honest(u64::MAX, &seen));
    let last = pages.by_ref().last().unwrap();
    assert_eq!(
        last,
        Err(PagesError::Pagination(PaginationError::PageCap {
            max_pages: DEFAULT_MAX_PAGES
        }))
    );
    assert_eq!(seen.borrow().len(), DEFAULT_MAX_PAGES as usize);
    assert!(pages.next().is_none());
}

#[test]
fn total_is_never_trusted() {
    // A huge total with hasMore false: one page.
    let huge = |_: http::Request<Vec<u8>>| ok(body(&["a".into()], u64::MAX, 20, 0, false));
    assert_eq!(walk(None).pages(huge).count(), 1);
    // A total of 0 with payments and hasMore true: the walk goes on.
    let zero = |request: http::Request<Vec<u8>>| {
        let offset = query(&request, "offset").unwrap();
        ok(body(&[format!("p{offset}")], 0, 20, offset, offset < 2))
    };
    let ids: Vec<String> = walk(None)
        .pages(zero)
        .payments()
        .map(|p| p.unwrap().id)
        .collect();
    assert_eq!(ids, ["p0", "p1", "p2"]);
}

#[test]
fn send_and_api_errors_end_the_walk() {
    let requests = RefCell::new(0);
    let failing = |_: http::Request<Vec<u8>>| -> Result<http::Response<Vec<u8>>, String> {
        *requests.borrow_mut() += 1;
        Err("connection refused".to_owned())
    };
    let results: Vec<_> = walk(None).pages(failing).collect();
    assert_eq!(
        results,
        [Err(PagesError::Send("connection refused".to_owned()))]
    );
    assert_eq!(*requests.borrow(), 1);

    let server_error = |_: http::Request<Vec<u8>>| {
        let mut response =
            http::Response::new(br#"{"statusCode": 500, "message": "boom"}"#.to_vec());
        *response.status_mut() = http::StatusCode::INTERNAL_SERVER_ERROR;
        Ok::<_, String>(response)
    };
    let results: Vec<_> = walk(None).pages(server_error).collect();
    let [Err(PagesError::Api(error))] = results.as_slice() else {
        panic!("{results:?}")
    };
    assert_eq!(error.kind, ApiErrorKind::Server);

    let not_a_page = |_: http::Request<Vec<u8>>| ok(r#"{"payments": []}"#.to_owned());
    let results: Vec<_> = walk(None).pages(not_a_page).collect();
    assert!(matches!(
        results.as_slice(),
        [Err(PagesError::Api(error))] if matches!(error.kind, ApiErrorKind::InvalidBody(_))
    ));
}

#[test]
fn the_sans_io_walk_gives_the_same_request_until_its_page_is_accepted() {
    let mut pages = walk(Some(2));
    let page = serde_json::from_str(&body(&["a".into(), "b".into()], 3, 2, 0, true)).unwrap();
    assert_eq!(pages.accept(&page), Err(PaginationError::Unrequested));
    let first = pages.next_request().unwrap().unwrap();
    let again = pages.next_request().unwrap().unwrap();
    assert_eq!(first.uri(), again.uri()); // to send again after a failure
    assert_eq!(pages.accept(&page), Ok(true));
    assert_eq!(pages.next_offset(), 2);
    assert_eq!(pages.accept(&page), Err(PaginationError::Unrequested));
    let second = pages.next_request().unwrap().unwrap();
    assert_eq!(
        second.uri().query(),
        Some("reference=ORDER-1&limit=2&offset=2")
    );
    let last = serde_json::from_str(&body(&["c".into()], 3, 2, 2, false)).unwrap();
    assert_eq!(pages.accept(&last), Ok(false));
    assert!(pages.is_finished());
    assert!(pages.next_request().unwrap().is_none());
}

#[cfg(feature = "client-core")]
mod with_client {
    use std::time::Duration;

    use securepay::api::stub::serve;
    use securepay::api::{Client, ClientError, Jitter, RetryPolicy};

    use super::*;

    fn client() -> Client {
        Client::new(reqwest::Client::new())
            .with_retry(RetryPolicy::new(Duration::ZERO, Duration::from_millis(5), 2).unwrap())
            .with_jitter(|_| Jitter::per_mille(0))
    }

    fn search(base_url: &str, limit: u32) -> PaymentPages {
        let search = SearchPayments::new()
            .reference("ORDER-1")
            .unwrap()
            .limit(limit)
            .unwrap();
        Api::new()
            .with_base_url(base_url)
            .unwrap()
            .payment_pages(&Credential::api_key("sk_test").unwrap(), search)
            .unwrap()
    }

    fn ids(range: std::ops::Range<u64>) -> Vec<String> {
        range.map(|n| format!("p{n}")).collect()
    }

    #[tokio::test]
    async fn three_pages_then_stop() {
        let answers = [
            body(&ids(0..2), 5, 2, 0, true),
            body(&ids(2..4), 5, 2, 2, true),
            body(&ids(4..5), 5, 2, 4, false),
        ];
        let replies: Vec<(u16, &str)> = answers.iter().map(|a| (200, a.as_str())).collect();
        let server = serve(&replies).unwrap();
        let client = client();
        let mut pages = client.payment_pages(search(server.url(), 2));
        let mut got = Vec::new();
        while let Some(page) = pages.next_page().await {
            got.extend(page.unwrap().payments.into_iter().map(|p| p.id));
        }
        assert_eq!(got, ids(0..5));
        assert_eq!(server.hits(), 3);
        let lines: Vec<String> = server.seen().into_iter().map(|s| s.line).collect();
        assert_eq!(
            lines,
            [
                "GET /v2/payments?reference=ORDER-1&limit=2&offset=0 HTTP/1.1",
                "GET /v2/payments?reference=ORDER-1&limit=2&offset=2 HTTP/1.1",
                "GET /v2/payments?reference=ORDER-1&limit=2&offset=4 HTTP/1.1",
            ]
        );
        assert!(pages.next_page().await.is_none());
        assert!(pages.walk().is_finished());
    }

    #[tokio::test]
    async fn a_repeated_page_stops_after_one_repeat() {
        let same = body(&ids(0..2), 100, 2, 0, true);
        let server = serve(&[(200, same.as_str())]).unwrap(); // the same answer forever
        let client = client();
        let mut pages = client.payment_pages(search(server.url(), 2));
        assert!(pages.next_page().await.unwrap().is_ok());
        let error = pages.next_page().await.unwrap().unwrap_err();
        assert!(matches!(
            error,
            PagesError::Pagination(PaginationError::Repeated {
                page: 2,
                earlier: 1,
                ..
            })
        ));
        assert!(pages.next_page().await.is_none());
        assert_eq!(server.hits(), 2);
    }

    #[tokio::test]
    async fn empty_pages_with_more_and_the_cap_stop_the_client() {
        let empty = body(&[], 100, 2, 0, true);
        let server = serve(&[(200, empty.as_str())]).unwrap();
        let client = client();
        let mut pages = client.payment_pages(search(server.url(), 2));
        assert!(matches!(
            pages.next_page().await,
            Some(Err(PagesError::Pagination(
                PaginationError::EmptyWithMore { .. }
            )))
        ));
        assert!(pages.next_page().await.is_none());
        assert_eq!(server.hits(), 1);

        let answers = [
            body(&ids(0..2), 9, 2, 0, true),
            body(&ids(2..4), 9, 2, 2, true),
        ];
        let replies: Vec<(u16, &str)> = answers.iter().map(|a| (200, a.as_str())).collect();
        let server = serve(&replies).unwrap();
        let capped = search(server.url(), 2).with_max_pages(NonZeroU32::new(2).unwrap());
        let mut pages = client.payment_pages(capped);
        assert!(pages.next_page().await.unwrap().is_ok());
        assert!(pages.next_page().await.unwrap().is_ok());
        assert!(matches!(
            pages.next_page().await,
            Some(Err(PagesError::Pagination(PaginationError::PageCap {
                max_pages: 2
            })))
        ));
        assert_eq!(server.hits(), 2);
    }

    #[tokio::test]
    async fn a_service_error_is_retried_by_the_client_then_ends_the_walk() {
        let server = serve(&[(503, ""), (503, "")]).unwrap();
        let client = client();
        let mut pages = client.payment_pages(search(server.url(), 2));
        let error = pages.next_page().await.unwrap().unwrap_err();
        let PagesError::Api(answer) = error else {
            panic!("{error:?}")
        };
        assert_eq!(answer.status, 503);
        assert_eq!(server.hits(), 2); // the client's two attempts
        assert!(pages.next_page().await.is_none());

        let closed = serve(&[(0, "")]).unwrap();
        let mut pages = client.payment_pages(search(closed.url(), 2));
        let error = pages.next_page().await.unwrap().unwrap_err();
        assert!(
            matches!(error, PagesError::Send(ref e) if !matches!(e.error, ClientError::Api(_))),
            "{error:?}"
        );
        assert!(pages.next_page().await.is_none());
    }
}
