//! Every page of a payment search (`GET /v2/payments`), sans-IO first: [`PaymentPages`] says
//! which request to send next and checks each page against the request it answers; a
//! synchronous [`Iterator`] ([`PageIter`], [`PaymentIter`]) drives it over any send function,
//! and, with the feature `client-core`, [`ClientPages`] drives it over the crate's `Client`.
//!
//! The service never sizes the walk. Each page must echo the `offset` and `limit` asked for
//! and hold at most `limit` payments; the next offset is the last one plus the payments
//! received; a page whose payments are those of an earlier page, or whose offset does not
//! advance, is [`PaginationError::Repeated`]; an empty page that says `hasMore: true` is an
//! error; and the walk stops after a caller-set number of pages ([`DEFAULT_MAX_PAGES`] unless
//! told otherwise) with [`PaginationError::PageCap`] if the service still says more follow.
//! `pagination.total` is never read to allocate or to loop.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::iter::FusedIterator;
use std::num::NonZeroU32;

use http::StatusCode;

use super::{
    Api, ApiError, Credential, OutgoingRequest, PaymentRecord, PaymentsPage, PreparedRequest,
    RequestError, SearchPayments,
};

/// The most pages a walk fetches unless told otherwise
/// ([`PaymentPages::with_max_pages`]).
pub const DEFAULT_MAX_PAGES: u32 = 1_000;

/// The page size a walk asks for when the search sets no `limit` (the description's example
/// value). A walk always sends `limit`, so that the answer's echo can be checked.
pub const DEFAULT_PAGE_LIMIT: u32 = 20;

/// Why a walk over the pages of a search stopped: the service's pages do not add up, or the
/// caller's page cap was reached. Pages are numbered from 1.
///
/// ```
/// use securepay::api::PaginationError;
///
/// let error = PaginationError::Repeated { page: 3, earlier: 2, offset: 40 };
/// assert_eq!(error.to_string(), "page 3 (offset 40) repeats page 2: the service is not advancing through the results");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PaginationError {
    /// A page with the same payments as an earlier page, or whose `offset` is not past the
    /// previous page's.
    #[error(
        "page {page} (offset {offset}) repeats page {earlier}: the service is not advancing through the results"
    )]
    Repeated {
        /// The page.
        page: u32,
        /// The earlier page it repeats.
        earlier: u32,
        /// The offset the page says it is at.
        offset: u64,
    },
    /// A page whose `pagination.offset` is not the offset asked for.
    #[error("page {page}: offset {asked} was asked, the answer says offset {answered}")]
    OffsetMismatch {
        /// The page.
        page: u32,
        /// The offset asked for.
        asked: u64,
        /// The offset in the answer.
        answered: u64,
    },
    /// A page whose `pagination.limit` is not the limit asked for.
    #[error("page {page}: limit {asked} was asked, the answer says limit {answered}")]
    LimitMismatch {
        /// The page.
        page: u32,
        /// The limit asked for.
        asked: u32,
        /// The limit in the answer.
        answered: u64,
    },
    /// A page with more payments than the limit asked for.
    #[error("page {page}: {given} payments, above the limit {limit} asked for")]
    TooManyItems {
        /// The page.
        page: u32,
        /// The limit asked for.
        limit: u32,
        /// The payments in the page.
        given: usize,
    },
    /// An empty page that says more follow: the next offset would be the same.
    #[error("page {page} (offset {offset}) has no payment yet says hasMore: true")]
    EmptyWithMore {
        /// The page.
        page: u32,
        /// Its offset.
        offset: u64,
    },
    /// The caller's cap on pages was reached while the service still said more follow: the
    /// payments received are only part of the results.
    #[error(
        "stopped after {max_pages} page(s), the cap, while the service says more results follow"
    )]
    PageCap {
        /// The cap.
        max_pages: u32,
    },
    /// The next offset does not fit in 64 bits.
    #[error("the next offset, {offset} + {count}, does not fit in 64 bits")]
    OffsetOverflow {
        /// The page's offset.
        offset: u64,
        /// Its payments.
        count: usize,
    },
    /// [`PaymentPages::accept`] called with no request waiting for its answer.
    #[error("a page was given while no page was asked for")]
    Unrequested,
    /// The next page's request could not be built.
    #[error(transparent)]
    Request(#[from] RequestError),
}

/// Why a walk over pages (sync or async) stopped with an error: sending failed, the service
/// answered an error (or not a [`PaymentsPage`]), or the pages do not add up. After any of
/// them the walk yields nothing more: it never retries by itself (bring a send function or a
/// `Client` that retries) and never loops.
///
/// ```
/// use securepay::api::{PagesError, PaginationError};
///
/// let error: PagesError<std::io::Error> = PaginationError::PageCap { max_pages: 3 }.into();
/// assert!(error.to_string().starts_with("stopped after 3 page(s)"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PagesError<E> {
    /// The send function (or the client) failed.
    #[error("sending the request of a page failed: {0}")]
    Send(#[source] E),
    /// The service answered an error, or a 2xx answer that is not a [`PaymentsPage`].
    #[error(transparent)]
    Api(#[from] ApiError),
    /// The pages do not add up, or the page cap was reached.
    #[error(transparent)]
    Pagination(#[from] PaginationError),
}

/// Where a walk is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// The next request may be made.
    Ready,
    /// A request was made; its page is awaited.
    Waiting,
    /// The last page was accepted (`hasMore: false`).
    Done,
    /// An error ended the walk.
    Failed,
}

/// The sans-IO walk over every page of a search: [`next_request`](Self::next_request) gives
/// the request of the next page (its `offset` advanced by the payments received so far, its
/// `limit` always sent), [`accept`](Self::accept) checks the page that answers it (see
/// [`PaginationError`]), and the walk ends on `hasMore: false`, on the first error, or at the
/// page cap.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{Api, Credential, PaginationError, SearchPayments};
///
/// let search = SearchPayments::new().reference("ORDER-1")?.limit(2)?;
/// let mut pages = Api::new().payment_pages(&Credential::api_key("sk_test")?, search)?;
///
/// let request = pages.next_request()?.ok_or("a first page")?;
/// assert_eq!(request.uri().query(), Some("reference=ORDER-1&limit=2&offset=0"));
/// // … send it with any HTTP client, then:
/// let payment = |id: &str| format!(r#"{{"id": "{id}", "amount": "1.5", "sourceNetwork": "base", "destinationNetwork": "base",
///     "timestamp": "2024-01-15T10:30:00.000Z", "type": "direct", "currency": "USDC", "paymentCurrency": "USDC-base"}}"#);
/// let body = format!(r#"{{"payments": [{}, {}], "pagination": {{"total": 3, "limit": 2, "offset": 0, "hasMore": true}}}}"#, payment("a"), payment("b"));
/// let page = request.parse_parts(StatusCode::OK, body.as_bytes())?;
/// assert!(pages.accept(&page)?); // more follow
///
/// let request = pages.next_request()?.ok_or("a second page")?;
/// assert_eq!(request.uri().query(), Some("reference=ORDER-1&limit=2&offset=2"));
/// // A service that sends the first page again is caught, not followed.
/// let error = pages.accept(&page).unwrap_err();
/// assert_eq!(error, PaginationError::Repeated { page: 2, earlier: 1, offset: 0 });
/// assert!(pages.next_request()?.is_none()); // the walk is over
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct PaymentPages {
    api: Api,
    credential: Credential,
    search: SearchPayments,
    limit: u32,
    next_offset: u64,
    max_pages: u32,
    /// The offset and the payments' fingerprint (`None` for an empty page) of each accepted
    /// page, in order: as many as the page cap at most.
    accepted: Vec<(u64, Option<u64>)>,
    state: State,
}

/// A fingerprint of a page's payments: their ids, in order.
fn fingerprint(page: &PaymentsPage) -> Option<u64> {
    if page.payments.is_empty() {
        return None;
    }
    let mut hasher = DefaultHasher::new();
    page.payments.len().hash(&mut hasher);
    for payment in &page.payments {
        payment.id.hash(&mut hasher);
    }
    Some(hasher.finish())
}

impl PaymentPages {
    /// A walk over the pages of `search`, from its `offset` (0 when absent), `limit` payments
    /// a page ([`DEFAULT_PAGE_LIMIT`] when absent), at most [`DEFAULT_MAX_PAGES`] pages. The
    /// search and the credential are checked now, as the first request is built.
    ///
    /// ```
    /// use securepay::api::{Api, Credential, PaymentPages, SearchPayments, DEFAULT_PAGE_LIMIT};
    ///
    /// let key = Credential::api_key("sk_test")?;
    /// let pages = PaymentPages::new(Api::new(), key.clone(), SearchPayments::new().reference("ORDER-1")?.offset(40))?;
    /// assert_eq!((pages.next_offset(), pages.limit()), (40, DEFAULT_PAGE_LIMIT));
    /// assert!(PaymentPages::new(Api::new(), key, SearchPayments::new()).is_err()); // no filter
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        api: Api,
        credential: Credential,
        search: SearchPayments,
    ) -> Result<PaymentPages, RequestError> {
        let limit = search.limit.unwrap_or(DEFAULT_PAGE_LIMIT);
        let next_offset = search.offset.unwrap_or(0);
        let pages = PaymentPages {
            api,
            credential,
            search,
            limit,
            next_offset,
            max_pages: DEFAULT_MAX_PAGES,
            accepted: Vec::new(),
            state: State::Ready,
        };
        pages.request_at(next_offset)?;
        Ok(pages)
    }

    /// At most `max_pages` pages: a walk that reaches it while the service says more follow
    /// ends with [`PaginationError::PageCap`].
    ///
    /// ```
    /// use std::num::NonZeroU32;
    /// use securepay::api::{Api, Credential, PaginationError, SearchPayments};
    ///
    /// let search = SearchPayments::new().reference("ORDER-1")?;
    /// let mut pages = Api::new().payment_pages(&Credential::api_key("sk_test")?, search)?.with_max_pages(NonZeroU32::MIN);
    /// assert_eq!(pages.max_pages(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_max_pages(mut self, max_pages: NonZeroU32) -> PaymentPages {
        self.max_pages = max_pages.get();
        self
    }

    /// The page size asked for.
    pub fn limit(&self) -> u32 {
        self.limit
    }

    /// The page cap.
    pub fn max_pages(&self) -> u32 {
        self.max_pages
    }

    /// The offset of the next page's request.
    pub fn next_offset(&self) -> u64 {
        self.next_offset
    }

    /// The pages accepted so far.
    pub fn pages_accepted(&self) -> u32 {
        u32::try_from(self.accepted.len()).unwrap_or(u32::MAX)
    }

    /// Whether the walk is over: the last page was accepted, or an error ended it.
    pub fn is_finished(&self) -> bool {
        matches!(self.state, State::Done | State::Failed)
    }

    /// The request of the page at `offset`.
    fn request_at(&self, offset: u64) -> Result<PreparedRequest<SearchPayments>, RequestError> {
        let mut search = self.search.clone();
        search.limit = Some(self.limit);
        search.offset = Some(offset);
        self.api.prepare(&self.credential, &search)
    }

    /// The request of the next page, or `None` when the walk is over. Called again before
    /// the page is accepted, it gives the same request (to send it again after a failure).
    /// At the page cap it is [`PaginationError::PageCap`], and the walk is over.
    pub fn next_request(
        &mut self,
    ) -> Result<Option<PreparedRequest<SearchPayments>>, PaginationError> {
        match self.state {
            State::Done | State::Failed => return Ok(None),
            State::Ready | State::Waiting => {}
        }
        if self.accepted.len() >= usize::try_from(self.max_pages).unwrap_or(usize::MAX) {
            self.state = State::Failed;
            return Err(PaginationError::PageCap {
                max_pages: self.max_pages,
            });
        }
        match self.request_at(self.next_offset) {
            Ok(request) => {
                self.state = State::Waiting;
                Ok(Some(request))
            }
            Err(error) => {
                self.state = State::Failed;
                Err(error.into())
            }
        }
    }

    /// Checks `page`, the answer to the last [`next_request`](Self::next_request), and moves
    /// on: `Ok(true)` when more pages follow, `Ok(false)` on the last page. An error ends the
    /// walk (except [`PaginationError::Unrequested`], which changes nothing).
    ///
    /// In order: a non-empty page with the same payments (ids, in order) as an earlier page,
    /// or an `offset` not past the previous page's, is [`PaginationError::Repeated`]; then
    /// `offset` and `limit` must echo the request; then at most `limit` payments; then an
    /// empty page must not say `hasMore: true`.
    ///
    /// Earlier pages are remembered by their offset and a 64-bit hash of their payments' ids
    /// (one entry a page, so the memory is bounded by the page cap, never by `total`). Offset
    /// pagination over results that change meanwhile can shift them: a page whose payments
    /// are exactly an earlier page's is still refused, as the walk cannot tell it from a
    /// service that does not advance.
    pub fn accept(&mut self, page: &PaymentsPage) -> Result<bool, PaginationError> {
        if self.state != State::Waiting {
            return Err(PaginationError::Unrequested);
        }
        match self.check(page) {
            Ok(next_offset) => {
                self.accepted
                    .push((page.pagination.offset, fingerprint(page)));
                self.next_offset = next_offset;
                let more = page.pagination.has_more;
                self.state = if more { State::Ready } else { State::Done };
                Ok(more)
            }
            Err(error) => {
                self.state = State::Failed;
                Err(error)
            }
        }
    }

    /// The checks of [`accept`](Self::accept); the next offset.
    fn check(&self, page: &PaymentsPage) -> Result<u64, PaginationError> {
        let number = self.pages_accepted().saturating_add(1);
        let answered = page.pagination.offset;
        let payments = page.payments.len();
        let earlier = |index: usize| u32::try_from(index.saturating_add(1)).unwrap_or(u32::MAX);
        if let Some(print) = fingerprint(page) {
            if let Some(index) = self.accepted.iter().position(|(_, p)| *p == Some(print)) {
                return Err(PaginationError::Repeated {
                    page: number,
                    earlier: earlier(index),
                    offset: answered,
                });
            }
        }
        if let Some(index) = self.accepted.iter().rposition(|(o, _)| *o >= answered) {
            return Err(PaginationError::Repeated {
                page: number,
                earlier: earlier(index),
                offset: answered,
            });
        }
        if answered != self.next_offset {
            return Err(PaginationError::OffsetMismatch {
                page: number,
                asked: self.next_offset,
                answered,
            });
        }
        if page.pagination.limit != u64::from(self.limit) {
            return Err(PaginationError::LimitMismatch {
                page: number,
                asked: self.limit,
                answered: page.pagination.limit,
            });
        }
        if payments > usize::try_from(self.limit).unwrap_or(usize::MAX) {
            return Err(PaginationError::TooManyItems {
                page: number,
                limit: self.limit,
                given: payments,
            });
        }
        if payments == 0 && page.pagination.has_more {
            return Err(PaginationError::EmptyWithMore {
                page: number,
                offset: answered,
            });
        }
        u64::try_from(payments)
            .ok()
            .and_then(|count| answered.checked_add(count))
            .ok_or(PaginationError::OffsetOverflow {
                offset: answered,
                count: payments,
            })
    }

    /// Parses the answer to the last request and accepts it.
    fn read<E>(&mut self, status: StatusCode, body: &[u8]) -> Result<PaymentsPage, PagesError<E>> {
        let page = match SearchPayments::parse_parts(status, body) {
            Ok(page) => page,
            Err(error) => {
                self.state = State::Failed;
                return Err(error.into());
            }
        };
        self.accept(&page)?;
        Ok(page)
    }

    /// Ends the walk (a send failed).
    fn fail(&mut self) {
        self.state = State::Failed;
    }

    /// The pages, one request at a time through `send` (any blocking HTTP client), as an
    /// iterator that ends after the last page or after the first error.
    ///
    /// ```
    /// use std::convert::Infallible;
    /// use securepay::api::{Api, Credential, SearchPayments};
    ///
    /// let search = SearchPayments::new().wallet_address("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?).limit(1)?;
    /// let pages = Api::new().payment_pages(&Credential::api_key("sk_test")?, search)?;
    /// // A stand-in for an HTTP client: two pages of one payment each.
    /// let send = |request: http::Request<Vec<u8>>| -> Result<http::Response<Vec<u8>>, Infallible> {
    ///     let offset = if request.uri().query().unwrap_or_default().ends_with("offset=0") { 0 } else { 1 };
    ///     let body = format!(r#"{{"payments": [{{"id": "p{offset}", "amount": "10", "sourceNetwork": "base", "destinationNetwork": "base",
    ///         "timestamp": "2024-01-15T10:30:00.000Z", "type": "direct", "currency": "USDC", "paymentCurrency": "USDC-base"}}],
    ///         "pagination": {{"total": 2, "limit": 1, "offset": {offset}, "hasMore": {}}}}}"#, offset == 0);
    ///     Ok(http::Response::new(body.into_bytes()))
    /// };
    /// let mut ids = Vec::new();
    /// for page in pages.pages(send) {
    ///     ids.extend(page?.payments.into_iter().map(|p| p.id));
    /// }
    /// assert_eq!(ids, ["p0", "p1"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pages<F, E>(self, send: F) -> PageIter<F>
    where
        F: FnMut(http::Request<Vec<u8>>) -> Result<http::Response<Vec<u8>>, E>,
    {
        PageIter { pages: self, send }
    }
}

/// The pages of a search over a blocking send function: see [`PaymentPages::pages`]. Each
/// item is a page or the error that ended the walk; nothing follows an error.
#[derive(Debug)]
pub struct PageIter<F> {
    pages: PaymentPages,
    send: F,
}

impl<F> PageIter<F> {
    /// The walk's state (pages accepted, next offset).
    pub fn walk(&self) -> &PaymentPages {
        &self.pages
    }

    /// The payments of every page, one by one: see [`PaymentIter`].
    ///
    /// ```
    /// use std::convert::Infallible;
    /// use securepay::api::{Api, Credential, SearchPayments};
    ///
    /// let search = SearchPayments::new().reference("ORDER-1")?;
    /// let send = |_: http::Request<Vec<u8>>| -> Result<http::Response<Vec<u8>>, Infallible> {
    ///     Ok(http::Response::new(br#"{"payments": [], "pagination": {"total": 0, "limit": 20, "offset": 0, "hasMore": false}}"#.to_vec()))
    /// };
    /// let payments = Api::new().payment_pages(&Credential::api_key("sk_test")?, search)?.pages(send).payments();
    /// assert_eq!(payments.count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn payments(self) -> PaymentIter<F> {
        PaymentIter {
            pages: self,
            current: Vec::new().into_iter(),
        }
    }
}

impl<F, E> Iterator for PageIter<F>
where
    F: FnMut(http::Request<Vec<u8>>) -> Result<http::Response<Vec<u8>>, E>,
{
    type Item = Result<PaymentsPage, PagesError<E>>;

    fn next(&mut self) -> Option<Self::Item> {
        let request = match self.pages.next_request() {
            Ok(Some(request)) => request,
            Ok(None) => return None,
            Err(error) => return Some(Err(error.into())),
        };
        match (self.send)(request.into_http()) {
            Ok(response) => Some(self.pages.read(response.status(), response.body())),
            Err(error) => {
                self.pages.fail();
                Some(Err(PagesError::Send(error)))
            }
        }
    }
}

impl<F, E> FusedIterator for PageIter<F> where
    F: FnMut(http::Request<Vec<u8>>) -> Result<http::Response<Vec<u8>>, E>
{
}

/// The payments of every page of a search, in order: see [`PageIter::payments`]. An error
/// ends it.
#[derive(Debug)]
pub struct PaymentIter<F> {
    pages: PageIter<F>,
    current: std::vec::IntoIter<PaymentRecord>,
}

impl<F, E> Iterator for PaymentIter<F>
where
    F: FnMut(http::Request<Vec<u8>>) -> Result<http::Response<Vec<u8>>, E>,
{
    type Item = Result<PaymentRecord, PagesError<E>>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(payment) = self.current.next() {
                return Some(Ok(payment));
            }
            // Bounded: each turn accepts a page, and the walk has a page cap.
            match self.pages.next()? {
                Ok(page) => self.current = page.payments.into_iter(),
                Err(error) => return Some(Err(error)),
            }
        }
    }
}

impl<F, E> FusedIterator for PaymentIter<F> where
    F: FnMut(http::Request<Vec<u8>>) -> Result<http::Response<Vec<u8>>, E>
{
}

impl Api {
    /// A walk over every page of `search` with `credential`: see [`PaymentPages`].
    ///
    /// ```
    /// use securepay::api::{Api, Credential, SearchPayments};
    ///
    /// let pages = Api::new().payment_pages(&Credential::api_key("sk_test")?, SearchPayments::new().reference("ORDER-1")?)?;
    /// assert_eq!(pages.pages_accepted(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn payment_pages(
        &self,
        credential: &Credential,
        search: SearchPayments,
    ) -> Result<PaymentPages, RequestError> {
        PaymentPages::new(self.clone(), credential.clone(), search)
    }
}

#[cfg(feature = "client-core")]
pub use with_client::ClientPages;

#[cfg(feature = "client-core")]
mod with_client {
    use super::{PagesError, PaymentPages, PaymentsPage};
    use crate::api::{Client, SendError};

    /// The pages of a search over the crate's [`Client`] (feature `client-core`): each
    /// request is sent with the client's retry policy, and [`next_page`](Self::next_page)
    /// gives the next page, `None` after the last page or after an error. No `Stream` (no
    /// extra dependency): drive it with `while let`.
    ///
    /// ```
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # let server = securepay::api::stub::serve(&[
    /// #     (200, r#"{"payments": [{"id": "p0", "amount": "10", "sourceNetwork": "base", "destinationNetwork": "base", "timestamp": "2024-01-15T10:30:00.000Z", "type": "direct", "currency": "USDC", "paymentCurrency": "USDC-base"}], "pagination": {"total": 2, "limit": 1, "offset": 0, "hasMore": true}}"#),
    /// #     (200, r#"{"payments": [{"id": "p1", "amount": "20", "sourceNetwork": "base", "destinationNetwork": "base", "timestamp": "2024-01-15T10:31:00.000Z", "type": "direct", "currency": "USDC", "paymentCurrency": "USDC-base"}], "pagination": {"total": 2, "limit": 1, "offset": 1, "hasMore": false}}"#),
    /// # ])?;
    /// # let base_url = server.url();
    /// use securepay::api::{Api, Client, Credential, SearchPayments};
    ///
    /// let api = Api::new().with_base_url(base_url)?; // a local stub server here
    /// let client = Client::new(securepay::reqwest::Client::new());
    /// let search = SearchPayments::new().reference("ORDER-1")?.limit(1)?;
    /// let mut pages = client.payment_pages(api.payment_pages(&Credential::api_key("sk_test")?, search)?);
    /// let mut ids = Vec::new();
    /// while let Some(page) = pages.next_page().await {
    ///     ids.extend(page?.payments.into_iter().map(|p| p.id));
    /// }
    /// assert_eq!(ids, ["p0", "p1"]);
    /// assert_eq!(server.hits(), 2);
    /// # Ok(()) }
    /// ```
    #[derive(Debug)]
    pub struct ClientPages<'c> {
        client: &'c Client,
        pages: PaymentPages,
    }

    impl ClientPages<'_> {
        /// The next page, or `None` when the walk is over (after the last page, or after an
        /// error, which is given once).
        pub async fn next_page(&mut self) -> Option<Result<PaymentsPage, PagesError<SendError>>> {
            let request = match self.pages.next_request() {
                Ok(Some(request)) => request,
                Ok(None) => return None,
                Err(error) => return Some(Err(error.into())),
            };
            match self.client.send_raw(&request).await {
                Ok((status, body)) => Some(self.pages.read(status, &body)),
                Err(error) => {
                    self.pages.fail();
                    Some(Err(PagesError::Send(error)))
                }
            }
        }

        /// The walk's state (pages accepted, next offset).
        pub fn walk(&self) -> &PaymentPages {
            &self.pages
        }
    }

    impl Client {
        /// The pages of `pages`'s search, sent with this client: see [`ClientPages`].
        pub fn payment_pages(&self, pages: PaymentPages) -> ClientPages<'_> {
            ClientPages {
                client: self,
                pages,
            }
        }
    }
}
