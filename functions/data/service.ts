import { Service } from 'electrodb';
import { dynamoClient, requireEnv } from '../lib/clients.js';
import { ENV } from '../../infra/resources.js';
import { User } from './entities/user.js';
import { UserLogin } from './entities/user-login.js';
import { UniqueValue } from './entities/unique-value.js';
import { AuthToken } from './entities/auth-token.js';
import { Company } from './entities/company.js';
import { CompanyUser } from './entities/company-user.js';
import { Invitation } from './entities/invitation.js';
import { Label } from './entities/label.js';
import { ListVersion } from './entities/list-version.js';
import { CompanySummary } from './entities/company-summary.js';
import { Connection } from './entities/connection.js';
import {
  Country,
  Distributor,
  Dsp,
  Genre,
  Language,
  PerformerRole,
  Publisher,
  Retailer,
  Rightsholder,
  Society,
} from './entities/reference.js';
import { Notice, UserNotice } from './entities/notice.js';
import { BugReport } from './entities/bug-report.js';
import { AccessToken } from './entities/access-token.js';
import { CompanyApiToken } from './entities/company-api-token.js';
import { SiteHelp } from './entities/site-help.js';
import { Log } from './entities/log.js';
import { ImportRecord } from './entities/import-record.js';
import { CwrRegistration } from './entities/cwr-registration.js';
import { Contract, DocumentTemplate } from './entities/contract.js';
import { License, LicenseReminderClaim } from './entities/license.js';
import {
  MailingList,
  MailingMember,
  Promo,
  PromoDownload,
  PromoMailEvent,
  PromoRecipient,
  PromoSuppression,
  PromoTemplate,
  PromoUsage,
} from './entities/promo.js';
import { Artist, Contributor, Payee, Recording, Release, Song } from './entities/catalogue.js';
import { CatalogueAsset } from './entities/catalogue-asset.js';
import {
  ExchangeRate,
  RoyaltyAggregate,
  RoyaltyImport,
  RoyaltyImportPart,
  RoyaltyMatchRule,
  RoyaltySource,
} from './entities/royalties.js';
import { ManualRoyalty, RoyaltyEdit, RoyaltyStateRule } from './entities/royalty-overlays.js';
import { AccountEntry, Expense, Sequence, Statement, StatementRun } from './entities/statements.js';
import { StatedPeriods, StatementRunSkip } from './entities/stated-periods.js';
import { OpeningBalanceImport } from './entities/opening-balance-import.js';
import { ContractImport } from './entities/contract-import.js';
import { DebtorAccount, PaymentRun, PayoutDetail, PayoutDetailsRequest } from './entities/payouts.js';
import { Payment } from './entities/payments.js';
import { DistributionDelivery, ReleaseDelivery } from './entities/deliveries.js';
import { DistributionUpc, DspConnection } from './entities/distribution.js';
import { CrmClient, CrmLabel } from './entities/crm.js';
import { CatalogueImport } from './entities/catalogue-import.js';
import { MetadataMap } from './entities/metadata-map.js';
import { CatalogueExport } from './entities/catalogue-export.js';
import { CompanyUsage, Plan } from './entities/plan.js';
import { ArtistPortalInvitation, ArtistPortalLink, ArtistUser } from './entities/artist-user.js';
import { BillingClock, BillingEvent, BillingLock, LocalBillingObject } from './entities/billing.js';
import {
  FanNoticeDue,
  SmartLink,
  SmartLinkClickDay,
  SmartLinkFan,
  SmartLinkSignupMinute,
} from './entities/smart-link.js';
import { CalendarFeed, LabelRequest, MarketingSettings } from './entities/label-requests.js';

const entities = {
  User,
  UserLogin,
  UniqueValue,
  AuthToken,
  Company,
  CompanyUser,
  Invitation,
  Label,
  ListVersion,
  CompanySummary,
  Connection,
  Country,
  Language,
  Genre,
  PerformerRole,
  Society,
  Retailer,
  Rightsholder,
  Publisher,
  Distributor,
  Dsp,
  Notice,
  UserNotice,
  BugReport,
  AccessToken,
  CompanyApiToken,
  SiteHelp,
  Log,
  ImportRecord,
  Artist,
  Contributor,
  Payee,
  Release,
  Recording,
  Song,
  CatalogueAsset,
  RoyaltySource,
  RoyaltyImport,
  RoyaltyImportPart,
  RoyaltyAggregate,
  ExchangeRate,
  RoyaltyMatchRule,
  RoyaltyStateRule,
  RoyaltyEdit,
  ManualRoyalty,
  Expense,
  AccountEntry,
  Statement,
  StatementRun,
  Sequence,
  StatedPeriods,
  StatementRunSkip,
  OpeningBalanceImport,
  ContractImport,
  PayoutDetail,
  PayoutDetailsRequest,
  DebtorAccount,
  PaymentRun,
  Payment,
  ReleaseDelivery,
  DistributionDelivery,
  DspConnection,
  DistributionUpc,
  CrmClient,
  CrmLabel,
  CatalogueImport,
  MetadataMap,
  CatalogueExport,
  CwrRegistration,
  Contract,
  DocumentTemplate,
  License,
  LicenseReminderClaim,
  MailingList,
  MailingMember,
  PromoSuppression,
  Promo,
  PromoRecipient,
  PromoUsage,
  PromoDownload,
  PromoMailEvent,
  PromoTemplate,
  Plan,
  CompanyUsage,
  ArtistUser,
  ArtistPortalLink,
  ArtistPortalInvitation,
  BillingEvent,
  BillingClock,
  BillingLock,
  LocalBillingObject,
  SmartLink,
  SmartLinkClickDay,
  SmartLinkFan,
  FanNoticeDue,
  SmartLinkSignupMinute,
  LabelRequest,
  CalendarFeed,
  MarketingSettings,
};

function build() {
  return new Service(entities, { client: dynamoClient(), table: requireEnv(ENV.table) });
}

export type Db = ReturnType<typeof build>;
let db: Db | undefined;

/** The product's single-table service; created on first use so the table name comes from the environment. */
export function getDb(): Db {
  db ??= build();
  return db;
}
