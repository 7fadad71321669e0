//! The status vocabularies webhooks carry (and the payer endpoints answer with): KYC,
//! agreement, payment details, `subStatus`, payment processor, fee types, secure-payment user
//! events. All are open: an undocumented value is kept as `Other` with its text.
//!
//! Sources: the webhooks reference (<https://docs.request.network/api-reference/webhooks>,
//! <https://docs.request.network/api-features/webhooks-events>), the crypto-to-fiat page
//! (<https://docs.request.network/api-features/crypto-to-fiat-payments>) and the OpenAPI
//! description of `/v2/payer` (<https://docs.request.network/api-reference/openapi.v2.json>).

use crate::wire::open_enum;

open_enum! {
    /// `kycStatus`: the union of the value sets the sources give.
    ///
    /// The webhooks reference lists `not_started, pending, approved, rejected, retry_required`;
    /// the crypto-to-fiat page lists `initiated, pending, approved, rejected, failed`; the
    /// OpenAPI response of `POST /v2/payer` uses `not_started | completed`, and its
    /// `GET /v2/payer/{clientUserId}` example answers `completed` with `isCompliant: true`.
    ///
    /// ```
    /// use securepay::webhook::KycStatus;
    /// assert_eq!(KycStatus::parse("retry_required"), KycStatus::RetryRequired);
    /// assert!(KycStatus::Completed.is_approved());
    /// assert_eq!(KycStatus::parse("APPROVED"), KycStatus::Other("APPROVED".into())); // exact spelling only
    /// ```
    KycStatus {
        /// `not_started`.
        NotStarted = "not_started",
        /// `initiated` (crypto-to-fiat page).
        Initiated = "initiated",
        /// `pending`.
        Pending = "pending",
        /// `approved`.
        Approved = "approved",
        /// `completed` (OpenAPI `/v2/payer`): verification done.
        Completed = "completed",
        /// `rejected`.
        Rejected = "rejected",
        /// `retry_required` (webhooks reference): the payer must resubmit.
        RetryRequired = "retry_required",
        /// `failed` (crypto-to-fiat page).
        Failed = "failed",
    }
}

impl KycStatus {
    /// Whether KYC is passed: `approved`, or `completed` as the payer endpoints spell it.
    ///
    /// ```
    /// use securepay::webhook::KycStatus;
    ///
    /// assert!(KycStatus::parse("approved").is_approved());
    /// assert!(KycStatus::parse("completed").is_approved()); // the payer endpoints' spelling
    /// assert!(!KycStatus::parse("retry_required").is_approved());
    /// ```
    pub fn is_approved(&self) -> bool {
        matches!(self, KycStatus::Approved | KycStatus::Completed)
    }
}

open_enum! {
    /// `agreementStatus`: `not_started, pending, completed, rejected, failed`.
    ///
    /// ```
    /// use securepay::webhook::AgreementStatus;
    /// assert!(AgreementStatus::parse("completed").is_completed());
    /// ```
    AgreementStatus {
        /// `not_started`.
        NotStarted = "not_started",
        /// `pending`.
        Pending = "pending",
        /// `completed`.
        Completed = "completed",
        /// `rejected`.
        Rejected = "rejected",
        /// `failed`.
        Failed = "failed",
    }
}

impl AgreementStatus {
    /// Whether the agreement is completed.
    ///
    /// ```
    /// use securepay::webhook::AgreementStatus;
    ///
    /// assert!(AgreementStatus::Completed.is_completed());
    /// assert!(!AgreementStatus::parse("pending").is_completed());
    /// ```
    pub fn is_completed(&self) -> bool {
        matches!(self, AgreementStatus::Completed)
    }
}

open_enum! {
    /// `status` of `payment_detail.updated` (and of `GET /v2/payer/{id}/payment-details`):
    /// `pending`, `approved`, `failed`.
    ///
    /// ```
    /// use securepay::webhook::PaymentDetailStatus;
    ///
    /// let status: PaymentDetailStatus = serde_json::from_str(r#""approved""#)?;
    /// assert_eq!(status, PaymentDetailStatus::Approved);
    /// assert_eq!(PaymentDetailStatus::KNOWN, ["pending", "approved", "failed"]);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    PaymentDetailStatus {
        /// `pending`: under review (usually less than 60 s).
        Pending = "pending",
        /// `approved`: the bank account may receive fiat.
        Approved = "approved",
        /// `failed`: refused; new payment details are needed.
        Failed = "failed",
    }
}

open_enum! {
    /// `subStatus`: the offramp progress of `payment.processing`, the reason of
    /// `payment.failed`, and the (often empty) field of `payment.confirmed`.
    ///
    /// Documented values: `initiated`, `pending_internal_assessment`, `ongoing_checks`,
    /// `sending_fiat`, `fiat_sent`, `bounced`, `retry_required` (crypto-to-fiat page),
    /// `failed`, and `insufficient_funds` (the `payment.failed` example); `payment.confirmed`
    /// carries `""` for crypto payments.
    ///
    /// ```
    /// use securepay::webhook::SubStatus;
    ///
    /// assert_eq!(SubStatus::parse(""), SubStatus::Empty); // payment.confirmed of a crypto payment
    /// assert_eq!(SubStatus::parse("fiat_sent"), SubStatus::FiatSent);
    /// assert_eq!(SubStatus::InsufficientFunds.to_string(), "insufficient_funds");
    /// ```
    SubStatus {
        /// `""`: no sub-status (crypto payments in `payment.confirmed`).
        Empty = "",
        /// `initiated`.
        Initiated = "initiated",
        /// `pending_internal_assessment`.
        PendingInternalAssessment = "pending_internal_assessment",
        /// `ongoing_checks`.
        OngoingChecks = "ongoing_checks",
        /// `sending_fiat`.
        SendingFiat = "sending_fiat",
        /// `fiat_sent`: the fiat transfer left.
        FiatSent = "fiat_sent",
        /// `retry_required` (crypto-to-fiat page).
        RetryRequired = "retry_required",
        /// `bounced`: the fiat transfer came back.
        Bounced = "bounced",
        /// `failed`.
        Failed = "failed",
        /// `insufficient_funds` (a crypto failure, in the `payment.failed` example).
        InsufficientFunds = "insufficient_funds",
    }
}

open_enum! {
    /// `paymentProcessor`: `request-network` (crypto) or `request-tech` (fiat offramp).
    ///
    /// ```
    /// use securepay::webhook::PaymentProcessor;
    ///
    /// assert_eq!(PaymentProcessor::parse("request-tech"), PaymentProcessor::RequestTech);
    /// assert_eq!(PaymentProcessor::RequestNetwork.as_str(), "request-network");
    /// ```
    PaymentProcessor {
        /// `request-network`: a crypto payment.
        RequestNetwork = "request-network",
        /// `request-tech`: the fiat offramp provider.
        RequestTech = "request-tech",
    }
}

open_enum! {
    /// A fee's `type`: `gas`, `platform`, `crosschain`, `crypto-to-fiat`, `offramp` (request
    /// status, OpenAPI) and `network` (the `payment.confirmed` example).
    ///
    /// ```
    /// use securepay::webhook::FeeType;
    ///
    /// assert_eq!(FeeType::parse("crypto-to-fiat"), FeeType::CryptoToFiat);
    /// assert!(!FeeType::parse("bridge").is_known());
    /// ```
    FeeType {
        /// `gas`.
        Gas = "gas",
        /// `platform`.
        Platform = "platform",
        /// `crosschain`.
        Crosschain = "crosschain",
        /// `crypto-to-fiat`.
        CryptoToFiat = "crypto-to-fiat",
        /// `offramp`.
        Offramp = "offramp",
        /// `network` (webhook fees).
        Network = "network",
    }
}

open_enum! {
    /// `userEvent` of `secure_payment.user_event` (best-effort browser telemetry).
    ///
    /// ```
    /// use securepay::webhook::UserEventKind;
    ///
    /// let kind: UserEventKind = serde_json::from_str(r#""wallet_connected""#)?;
    /// assert_eq!(kind, UserEventKind::WalletConnected);
    /// assert_eq!(serde_json::to_string(&UserEventKind::parse("page_viewed"))?, r#""page_viewed""#); // kept as sent
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    UserEventKind {
        /// `wallet_connected`.
        WalletConnected = "wallet_connected",
        /// `payment_sent_to_wallet`.
        PaymentSentToWallet = "payment_sent_to_wallet",
        /// `payment_approved_in_wallet`.
        PaymentApprovedInWallet = "payment_approved_in_wallet",
    }
}
