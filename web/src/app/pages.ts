import type { ComponentType } from 'react';
import type { PageKey } from './route-table';

/**
 * Each page is its own chunk, loaded when its route is first visited. Routes without a page
 * show the one generic coming-soon page.
 */
export const PAGES: Record<PageKey, () => Promise<ComponentType>> = {
  home: () => import('../pages/public/home').then((m) => m.HomePage),
  bugs: () => import('../pages/public/bugs').then((m) => m.BugsPage),
  faqs: () => import('../pages/public/faqs').then((m) => m.FaqsPage),
  guides: () => import('../pages/guides/guides-index').then((m) => m.GuidesIndexPage),
  guide: () => import('../pages/guides/guide-page').then((m) => m.GuidePage),
  changelog: () => import('../pages/public/changelog').then((m) => m.ChangelogPage),
  'api-docs': () => import('../pages/public/api-docs').then((m) => m.ApiDocsPage),
  privacy: () => import('../pages/public/legal').then((m) => m.PrivacyPage),
  terms: () => import('../pages/public/legal').then((m) => m.TermsPage),
  signin: () => import('../pages/auth/signin').then((m) => m.SignInPage),
  signup: () => import('../pages/auth/signup').then((m) => m.SignUpPage),
  signout: () => import('../pages/auth/signout').then((m) => m.SignOutPage),
  'forgotten-password': () => import('../pages/auth/forgotten-password').then((m) => m.ForgottenPasswordPage),
  'reset-password': () => import('../pages/auth/reset-password').then((m) => m.ResetPasswordPage),
  'change-password': () => import('../pages/auth/change-password').then((m) => m.ChangePasswordPage),
  'confirm-account': () => import('../pages/auth/confirm-account').then((m) => m.ConfirmAccountPage),
  invitation: () => import('../pages/auth/invitation').then((m) => m.InvitationPage),
  'portal-invitation': () => import('../pages/artist-portal/portal-invitation').then((m) => m.PortalInvitationPage),
  'user-dashboard': () => import('../pages/user/dashboard').then((m) => m.UserDashboardPage),
  'user-profile': () => import('../pages/user/profile').then((m) => m.UserProfilePage),
  'user-exports': () => import('../pages/exports/exports-page').then((m) => m.ExportsPage),
  'user-companies': () => import('../pages/user/companies').then((m) => m.UserCompaniesPage),
  'user-company': () => import('../pages/user/company').then((m) => m.UserCompanyPage),
  'company-settings': () => import('../pages/user/company/company-settings-page').then((m) => m.CompanySettingsPage),
  'company-api-tokens': () =>
    import('../pages/user/company/company-api-tokens-page').then((m) => m.CompanyApiTokensPage),
  'company-edit': () => import('../pages/user/company/company-edit-page').then((m) => m.CompanyEditPage),
  'company-users': () => import('../pages/user/company/company-users-page').then((m) => m.CompanyUsersPage),
  'company-connections': () =>
    import('../pages/user/company/company-connections-page').then((m) => m.CompanyConnectionsPage),
  'company-request-label': () => import('../pages/user/company/request-label-page').then((m) => m.RequestLabelPage),
  'profile-bug-reports': () => import('../pages/user/profile-children').then((m) => m.ProfileBugReportsPage),
  'profile-logs': () => import('../pages/user/profile-children').then((m) => m.ProfileLogsPage),
  'profile-imports': () => import('../pages/user/profile-children').then((m) => m.ProfileImportsPage),
  'profile-import': () => import('../pages/user/profile-children').then((m) => m.ProfileImportPage),
  labels: () => import('../pages/labels/labels-pages').then((m) => m.UserLabelsPage),
  label: () => import('../pages/labels/label-detail').then((m) => m.UserLabelPage),
  'label-form': () => import('../pages/labels/label-form').then((m) => m.UserLabelFormPage),
  'label-tools': () => import('../pages/label-tools/tools-page').then((m) => m.LabelToolsPage),
  'label-todo-list': () => import('../pages/label-tools/todo-list-page').then((m) => m.TodoListPage),
  'label-notebook': () => import('../pages/label-tools/notebook-page').then((m) => m.NotebookPage),
  'licensing-hub': () => import('../pages/licensing/hub-page').then((m) => m.LicensingHubPage),
  licenses: () => import('../pages/licensing/licenses-page').then((m) => m.LicensesPage),
  'licence-invoices': () => import('../pages/licensing/invoices-page').then((m) => m.LicenceInvoicesPage),
  'withholding-tax': () => import('../pages/money/payments/withholding-tax-page').then((m) => m.WithholdingTaxPage),
  'payments-register': () =>
    import('../pages/money/payments/payments-register-page').then((m) => m.PaymentsRegisterPage),
  'new-incoming-license': () => import('../pages/licensing/license-form-page').then((m) => m.NewIncomingLicensePage),
  'new-outgoing-license': () => import('../pages/licensing/license-form-page').then((m) => m.NewOutgoingLicensePage),
  license: () => import('../pages/licensing/license-page').then((m) => m.LicensePage),
  'license-form': () => import('../pages/licensing/license-form-page').then((m) => m.LicenseFormPage),
  'document-templates': () => import('../pages/contracts/document-templates-page').then((m) => m.DocumentTemplatesPage),
  'contracts-import': () => import('../pages/contracts/contracts-import-page').then((m) => m.ContractsImportPage),
  'contracts-register': () => import('../pages/contracts/contracts-register-page').then((m) => m.ContractsRegisterPage),
  // Smart links and a label's settings and store page (label tools).
  'smart-links': () => import('../pages/label-tools/smart-links-page').then((m) => m.SmartLinksPage),
  'smart-link-landing': () =>
    import('../pages/label-tools/smart-link-landing-page').then((m) => m.SmartLinkLandingPage),
  'label-marketing': () => import('../pages/label-tools/marketing-index-page').then((m) => m.MarketingToolsPage),
  'smart-link-unsubscribe': () =>
    import('../pages/label-tools/smart-link-landing-page').then((m) => m.FanUnsubscribePage),
  'label-settings': () => import('../pages/label-tools/label-settings-page').then((m) => m.LabelSettingsPage),
  'label-store': () => import('../pages/label-tools/label-store-pages').then((m) => m.LabelStorePage),
  'public-label-store': () => import('../pages/label-tools/label-store-pages').then((m) => m.PublicLabelStorePage),
  'label-calendar': () => import('../pages/label-tools/calendar-page').then((m) => m.CalendarPage),
  'label-whitelist': () => import('../pages/label-tools/request-forms').then((m) => m.WhitelistPage),
  'label-youtube-claims': () => import('../pages/label-tools/request-forms').then((m) => m.YoutubeClaimsPage),
  'label-pitch': () => import('../pages/label-tools/pitch-page').then((m) => m.NewReleasePitchPage),
  'label-pitch-album-ep': () => import('../pages/label-tools/pitch-page').then((m) => m.AlbumEpPitchPage),
  'label-pitch-single': () => import('../pages/label-tools/pitch-page').then((m) => m.SinglePitchPage),
  'user-marketing': () => import('../pages/label-tools/marketing-pages').then((m) => m.UserMarketingPage),
  'distribution-marketing': () =>
    import('../pages/label-tools/marketing-pages').then((m) => m.DistributionMarketingPage),
  'admin-dashboard': () => import('../pages/admin/admin-dashboard').then((m) => m.AdminDashboardPage),
  'admin-labels': () => import('../pages/labels/labels-pages').then((m) => m.AdminLabelsPage),
  'admin-label': () => import('../pages/labels/label-detail').then((m) => m.AdminLabelPage),
  'admin-label-form': () => import('../pages/labels/label-form').then((m) => m.AdminLabelFormPage),
  'admin-reference-list': () => import('../pages/admin/reference/reference-list-page').then((m) => m.ReferenceListPage),
  'admin-reference-form': () => import('../pages/admin/reference/reference-form-page').then((m) => m.ReferenceFormPage),
  'admin-reference-detail': () =>
    import('../pages/admin/reference/reference-detail-page').then((m) => m.ReferenceDetailPage),
  'user-messages': () => import('../pages/notices/inbox-page').then((m) => m.InboxPage),
  'admin-notices': () => import('../pages/notices/admin-notices-list').then((m) => m.AdminNoticesPage),
  'admin-notice': () => import('../pages/notices/admin-notice-detail').then((m) => m.AdminNoticeDetailPage),
  'admin-notice-form': () => import('../pages/notices/admin-notice-form').then((m) => m.AdminNoticeFormPage),
  'admin-users': () => import('../pages/admin/users/users-list-page').then((m) => m.AdminUsersPage),
  'admin-user': () => import('../pages/admin/users/user-detail-page').then((m) => m.AdminUserDetailPage),
  'admin-user-form': () => import('../pages/admin/users/user-form-page').then((m) => m.AdminUserFormPage),
  'admin-companies': () => import('../pages/admin/companies/companies-list-page').then((m) => m.AdminCompaniesPage),
  'admin-company': () => import('../pages/admin/companies/company-detail-page').then((m) => m.AdminCompanyDetailPage),
  'admin-company-form': () => import('../pages/admin/companies/company-form-page').then((m) => m.AdminCompanyFormPage),
  'admin-imports': () => import('../pages/admin/imports/imports-list-page').then((m) => m.AdminImportsPage),
  'admin-importer': () => import('../pages/admin/importer/importer-page').then((m) => m.AdminImporterPage),
  'admin-metadata-maps': () =>
    import('../pages/admin/importer/metadata-maps-list-page').then((m) => m.AdminMetadataMapsPage),
  'admin-metadata-map': () =>
    import('../pages/admin/importer/metadata-map-detail-page').then((m) => m.AdminMetadataMapPage),
  'admin-metadata-map-form': () =>
    import('../pages/admin/importer/metadata-map-form-page').then((m) => m.AdminMetadataMapFormPage),
  'admin-royalties': () => import('../pages/admin/royalties/admin-royalties-pages').then((m) => m.AdminRoyaltiesPage),
  'admin-royalty': () => import('../pages/admin/royalties/admin-royalties-pages').then((m) => m.AdminRoyaltyPage),
  'admin-royalty-form': () =>
    import('../pages/admin/royalties/admin-royalties-pages').then((m) => m.AdminRoyaltyFormPage),
  'admin-user-imports': () => import('../pages/admin/imports/imports-list-page').then((m) => m.AdminUserImportsPage),
  'admin-user-settings': () => import('../pages/admin/users/user-children-pages').then((m) => m.AdminUserSettingsPage),
  'admin-user-companies': () =>
    import('../pages/admin/users/user-children-pages').then((m) => m.AdminUserCompaniesPage),
  'admin-user-notices': () => import('../pages/admin/users/user-children-pages').then((m) => m.AdminUserNoticesPage),
  'admin-label-settings': () => import('../pages/labels/label-settings-page').then((m) => m.AdminLabelSettingsPage),
  'admin-import-form': () => import('../pages/admin/imports/import-form-page').then((m) => m.AdminImportFormPage),
  'admin-import': () => import('../pages/admin/imports/import-detail-page').then((m) => m.AdminImportPage),
  'admin-company-section': () =>
    import('../pages/admin/companies/company-section-page').then((m) => m.CompanySectionPage),
  'admin-distributed-labels': () =>
    import('../pages/admin/distributed-labels/distributed-labels-pages').then((m) => m.AdminDistributedLabelsPage),
  'admin-distributed-label': () =>
    import('../pages/admin/distributed-labels/distributed-labels-pages').then((m) => m.AdminDistributedLabelPage),
  'admin-distributed-label-form': () =>
    import('../pages/admin/distributed-labels/distributed-label-form-page').then(
      (m) => m.AdminDistributedLabelFormPage,
    ),
  'admin-distribution-statements': () =>
    import('../pages/admin/distributed-labels/distributed-labels-pages').then((m) => m.AdminDistributionStatementsPage),
  'admin-access-tokens': () =>
    import('../pages/admin/access-tokens/tokens-list-page').then((m) => m.AdminAccessTokensPage),
  'admin-access-token': () =>
    import('../pages/admin/access-tokens/token-detail-page').then((m) => m.AdminAccessTokenDetailPage),
  'admin-access-token-form': () =>
    import('../pages/admin/access-tokens/token-form-page').then((m) => m.AdminAccessTokenFormPage),
  'admin-user-access-tokens': () =>
    import('../pages/admin/access-tokens/tokens-list-page').then((m) => m.AdminUserAccessTokensPage),
  'admin-user-bug-reports': () =>
    import('../pages/admin/bug-reports/user-bug-reports-page').then((m) => m.AdminUserBugReportsPage),
  'admin-user-logs': () => import('../pages/admin/logs/user-logs-page').then((m) => m.AdminUserLogsPage),
  'admin-site-help': () => import('../pages/admin/site-help/site-help-page').then((m) => m.AdminSiteHelpPage),
  'admin-jobs': () => import('../pages/admin/jobs/jobs-page').then((m) => m.AdminJobsPage),
  'admin-quality-control': () =>
    import('../pages/admin/quality-control/quality-control-page').then((m) => m.AdminQualityControlPage),
  'user-royalties': () => import('../pages/royalties/royalties-page').then((m) => m.UserRoyaltiesPage),
  'user-royalties-bulk-import': () => import('../pages/royalties/bulk-import-page').then((m) => m.BulkImportPage),
  'user-royalties-map-import': () => import('../pages/royalties/map-import-page').then((m) => m.MapImportPage),
  'user-royalties-new-sale': () => import('../pages/royalties/royalty-form-page').then((m) => m.NewSalePage),
  'user-royalties-edit': () => import('../pages/royalties/royalty-form-page').then((m) => m.EditRoyaltyPage),
  'user-royalties-import': () => import('../pages/royalties/import-detail-page').then((m) => m.RoyaltyImportPage),
  'user-royalties-exchange-rates': () =>
    import('../pages/royalties/exchange-rates-page').then((m) => m.ExchangeRatesPage),
  statements: () => import('../pages/money/statements/statements-page').then((m) => m.StatementsPage),
  statement: () => import('../pages/money/statements/statement-detail-page').then((m) => m.StatementDetailPage),
  'statement-edit': () => import('../pages/money/statements/statement-edit-page').then((m) => m.StatementEditPage),
  'statement-lines': () => import('../pages/money/statements/statement-lines-page').then((m) => m.StatementLinesPage),
  'statement-run': () => import('../pages/money/statements/statement-run-page').then((m) => m.StatementRunPage),
  'release-assets': () => import('../pages/catalogue/assets-page').then((m) => m.ReleaseAssetsPage),
  'release-products': () => import('../pages/catalogue/release-products-page').then((m) => m.ReleaseProductsPage),
  'release-contracts': () => import('../pages/contracts/contracts-page').then((m) => m.ReleaseContractsPage),
  'label-contracts': () => import('../pages/contracts/contracts-page').then((m) => m.LabelContractsPage),
  'release-promos': () => import('../pages/promos/release-promos-page').then((m) => m.ReleasePromosPage),
  'new-promo': () => import('../pages/promos/release-promos-page').then((m) => m.NewPromoPage),
  'promo-detail': () => import('../pages/promos/promo-detail-page').then((m) => m.PromoDetailPage),
  'promo-analysis': () => import('../pages/promos/promo-analysis-page').then((m) => m.PromoAnalysisPage),
  'mailing-lists': () => import('../pages/promos/mailing-lists-page').then((m) => m.MailingListsPage),
  'promo-templates': () => import('../pages/promos/template-designer-page').then((m) => m.TemplateDesignerPage),
  'mailing-list': () => import('../pages/promos/mailing-lists-page').then((m) => m.MailingListPage),
  'view-promo': () => import('../pages/promos/view-promo-page').then((m) => m.ViewPromoPage),
  'give-bank-details': () => import('../pages/money/payouts/give-bank-details-page').then((m) => m.GiveBankDetailsPage),
  'label-assets': () => import('../pages/catalogue/assets-page').then((m) => m.LabelAssetsPage),
  'admin-label-assets': () => import('../pages/catalogue/assets-page').then((m) => m.AdminLabelAssetsPage),
  'label-distribution-statements': () =>
    import('../pages/money/statements/statements-page').then((m) => m.LabelDistributionStatementsPage),
  'label-statement-settings': () =>
    import('../pages/money/statements/statement-settings-page').then((m) => m.LabelStatementSettingsPage),
  'payee-accounting': () => import('../pages/money/statements/account-page').then((m) => m.PayeeAccountingPage),
  'payee-new-statement': () =>
    import('../pages/money/statements/account-statement-page').then((m) => m.PayeeNewStatementPage),
  'artist-dashboard': () => import('../pages/artist-portal/artist-dashboard').then((m) => m.ArtistDashboardPage),
  'artist-home': () => import('../pages/artist-portal/artist-home').then((m) => m.ArtistHomePage),
  'artist-home-profile': () => import('../pages/artist-portal/artist-home').then((m) => m.ArtistHomeProfilePage),
  'artist-home-statements': () => import('../pages/artist-portal/artist-home').then((m) => m.ArtistHomeStatementsPage),
  'payee-home': () => import('../pages/artist-portal/payee-home').then((m) => m.PayeeHomePage),
  'artist-finances': () => import('../pages/money/statements/account-page').then((m) => m.ArtistFinancesPage),
  'artist-generate-report': () =>
    import('../pages/money/statements/account-statement-page').then((m) => m.ArtistGenerateReportPage),
  expenses: () => import('../pages/money/expenses/expenses-page').then((m) => m.ExpensesPage),
  'expense-new': () => import('../pages/money/expenses/expense-form-page').then((m) => m.NewExpensePage),
  'expense-edit': () => import('../pages/money/expenses/expense-form-page').then((m) => m.EditExpensePage),
  finances: () => import('../pages/money/finances/finances-pages').then((m) => m.UserFinancesPage),
  'label-finances': () => import('../pages/money/finances/finances-pages').then((m) => m.LabelFinancesPage),
  'label-accounting-reports': () =>
    import('../pages/money/finances/label-accounting-page').then((m) => m.LabelReportsPage),
  'company-finances': () => import('../pages/money/finances/finances-pages').then((m) => m.CompanyFinancesPage),
  'company-label-finances': () =>
    import('../pages/money/finances/finances-pages').then((m) => m.CompanyLabelFinancesPage),
  'company-distribution-statements': () =>
    import('../pages/money/finances/company-distribution-pages').then((m) => m.CompanyDistributionStatementsPage),
  'company-distribution-expenses': () =>
    import('../pages/money/finances/company-distribution-pages').then((m) => m.CompanyDistributionExpensesPage),
  'distribution-finances': () =>
    import('../pages/money/finances/finances-pages').then((m) => m.DistributionFinancesPage),
  'distribution-label-accounting': () =>
    import('../pages/money/finances/label-accounting-page').then((m) => m.DistributionLabelAccountingPage),
  'distribution-dashboard': () =>
    import('../pages/money/finances/distribution-dashboard').then((m) => m.DistributionDashboardPage),
  'payment-run': () => import('../pages/money/payouts/payment-run-page').then((m) => m.PaymentRunPage),
  'opening-balances': () => import('../pages/money/finances/opening-balances-page').then((m) => m.OpeningBalancesPage),
  payments: () => import('../pages/money/payments/payments-page').then((m) => m.PaymentsPage),
  payment: () => import('../pages/money/payments/payment-detail-page').then((m) => m.PaymentDetailPage),
  'payment-new': () => import('../pages/money/payments/payment-form-page').then((m) => m.NewPaymentPage),
  'payment-edit': () => import('../pages/money/payments/payment-form-page').then((m) => m.EditPaymentPage),
  'release-distribution': () =>
    import('../pages/deliveries/release-distribution-page').then((m) => m.ReleaseDistributionPage),
  'distribution-deliveries': () =>
    import('../pages/deliveries/distribution-deliveries-page').then((m) => m.DistributionDeliveriesPage),
  'release-deliveries': () =>
    import('../pages/deliveries/release-deliveries-pages').then((m) => m.ReleaseDeliveriesPage),
  'release-delivery-new': () =>
    import('../pages/deliveries/release-deliveries-pages').then((m) => m.NewReleaseDeliveryPage),
  'release-deliveries-bulk': () =>
    import('../pages/deliveries/release-deliveries-pages').then((m) => m.BulkReleaseDeliveriesPage),
  'dsp-connections': () => import('../pages/distribution/dsp-connections-pages').then((m) => m.DspConnectionsPage),
  'dsp-connection-requests': () =>
    import('../pages/distribution/dsp-connections-pages').then((m) => m.DspConnectionRequestsPage),
  'company-distribution-settings': () =>
    import('../pages/distribution/distribution-settings-page').then((m) => m.CompanyDistributionSettingsPage),
  'company-add-distributor': () =>
    import('../pages/distribution/distribution-settings-page').then((m) => m.AddDistributorPage),
  'company-dsps': () => import('../pages/distribution/company-dsps-page').then((m) => m.CompanyDspsPage),
  'company-distribution': () =>
    import('../pages/distribution/company-distribution-page').then((m) => m.CompanyDistributionPage),
  upcs: () => import('../pages/distribution/upcs-pages').then((m) => m.UpcsPage),
  'upcs-import': () => import('../pages/distribution/upcs-pages').then((m) => m.UpcsImportPage),
  'distribution-crm': () => import('../pages/distribution-crm/crm-page').then((m) => m.CrmPage),
  'distribution-companies': () => import('../pages/distribution-crm/crm-page').then((m) => m.ClientCompaniesPage),
  'distribution-company': () => import('../pages/distribution-crm/client-page').then((m) => m.ClientCompanyPage),
  'distribution-labels': () => import('../pages/distribution-crm/label-pages').then((m) => m.ClientLabelsPage),
  'distribution-label': () => import('../pages/distribution-crm/label-pages').then((m) => m.ClientLabelPage),
  'distribution-catalogue': () =>
    import('../pages/distribution/catalogue-pages').then((m) => m.DistributionCataloguePage),
  'label-catalogue-tasks': () => import('../pages/distribution/catalogue-pages').then((m) => m.LabelCatalogueTasksPage),
  'data-management': () => import('../pages/data-management/data-management-page').then((m) => m.DataManagementPage),
  'data-management-new': () => import('../pages/data-management/new-import-page').then((m) => m.NewImportPage),
  'cwr-registrations': () => import('../pages/catalogue/cwr-registrations-page').then((m) => m.CwrRegistrationsPage),
  'user-company-plan': () => import('../pages/user/plan/company-plan-page').then((m) => m.CompanyPlanPage),
  'admin-subscriptions': () =>
    import('../pages/admin/subscriptions/subscription-pages').then((m) => m.AdminSubscriptionsPage),
  'admin-subscription': () =>
    import('../pages/admin/subscriptions/subscription-pages').then((m) => m.AdminSubscriptionPage),
  'admin-subscription-form': () =>
    import('../pages/admin/subscriptions/subscription-pages').then((m) => m.AdminSubscriptionFormPage),
  'not-found': () => import('../pages/not-found').then((m) => m.NotFoundPage),
  billing: () => import('../pages/billing/billing-dashboard-page').then((m) => m.BillingDashboardPage),
  'billing-coupons': () => import('../pages/billing/coupons-page').then((m) => m.CouponsPage),
  'company-billing': () => import('../pages/billing/company-billing-page').then((m) => m.CompanyBillingPage),
  'local-checkout': () => import('../pages/billing/local-checkout-page').then((m) => m.LocalCheckoutPage),
};

export const loadComingSoon = () => import('../pages/coming-soon').then((m) => m.ComingSoonPage);
