import { AuditPage as AuditPageSchema } from '../../features/admin/audit-routes.ts';
import * as C from '../../features/admin/campaign-schemas.ts';
import * as D from '../../features/admin/delivery-schemas.ts';
import * as M from '../../features/admin/message-schemas.ts';
import * as O from '../../features/admin/overview-schemas.ts';
import * as S from '../../features/admin/schemas.ts';
import { SessionView } from '../../features/console/schemas.ts';
import { adminList as moList, adminShow as moShow } from '../../features/mo/schemas.ts';
import * as P from '../../features/policy/schemas.ts';
import { named } from './components.ts';

/*
 * Named records of the operator API (/admin/v1). Each is the very schema object its route
 * answers with (features/admin/*schemas.ts, the MO, policy and console schemas), registered here
 * under a name: the document writes it once and every copy becomes a $ref. Nothing here changes
 * what a route validates or serialises.
 */

// Console session
export const ConsoleSession = named('ConsoleSession', SessionView);

// Accounts, their API keys and settings
export const CreatedAccount = named('CreatedAccount', S.CreatedAccount);
export const AccountSummary = named('AccountSummary', S.AccountSummary);
export const AccountList = named('AccountList', S.AccountList);
export const ApiKey = named('ApiKey', S.Key);
export const ApiKeyList = named('ApiKeyList', S.KeyList);
export const CreatedKey = named('CreatedKey', S.CreatedKey);
export const RevokedKey = named('RevokedKey', S.RevokedKey);
export const ApiKeyDlr = named('ApiKeyDlr', S.DlrResult);
export const WebhookSet = named('WebhookSet', S.WebhookSet);
export const WebhookCleared = named('WebhookCleared', S.WebhookCleared);
export const ReportModeSetting = named('ReportModeSetting', S.ReportModeResult);
export const AccountLimits = named('AccountLimits', S.Limits);
export const Account = named('Account', S.AccountDetail);

// What an account sends as
export const Sender = named('Sender', S.Sender);
export const AccountSender = named('AccountSender', S.SenderOfAccount);
export const SenderList = named('SenderList', S.SenderList);
export const RemovedSender = named('RemovedSender', S.RemovedSender);
export const SenderProfile = named('SenderProfile', S.Profile);
export const SenderProfileList = named('SenderProfileList', S.ProfileList);
export const RemovedSenderProfile = named('RemovedSenderProfile', S.RemovedProfile);
export const RcsBrandRecord = named('RcsBrandRecord', S.Brand);
export const RcsBrandRecordList = named('RcsBrandRecordList', S.BrandList);
export const RemovedRcsBrand = named('RemovedRcsBrand', S.RemovedBrand);

// MO messages
export const AdminMoMessage = named('AdminMoMessage', moShow.response[200]);
export const AdminMoPage = named('AdminMoPage', moList.response[200]);

// Messages, reservations, broadcasts, webhook deliveries of every account
export const AdminMessage = named('AdminMessage', M.MessageRow);
export const AdminMessagePage = named('AdminMessagePage', M.MessagePage);
export const AdminFlowStep = named('AdminFlowStep', M.FlowStepView);
export const AdminMessageAttempt = named('AdminMessageAttempt', M.AttemptRow);
export const AdminReportBody = named('AdminReportBody', M.ReportBodyView);
export const AdminMessageReport = named('AdminMessageReport', M.MessageReport);
export const AdminMessageDetail = named('AdminMessageDetail', M.MessageDetail);
export const AdminReservation = named('AdminReservation', C.ReservationRow);
export const AdminReservationPage = named('AdminReservationPage', C.ReservationPage);
export const AdminBroadcast = named('AdminBroadcast', C.BroadcastRow);
export const AdminBroadcastPage = named('AdminBroadcastPage', C.BroadcastPage);
export const WebhookDelivery = named('WebhookDelivery', D.Delivery);
export const WebhookDeliveryPage = named('WebhookDeliveryPage', D.DeliveryPage);

// Audit log and live overview
export const AuditEntry = named('AuditEntry', AuditPageSchema.properties.entries.items);
export const AuditPage = named('AuditPage', AuditPageSchema);
export const OverviewConnector = named('OverviewConnector', O.OverviewConnector);
export const Overview = named('Overview', O.Overview);

// Spam-filter rules and opt-out lists
export const PolicyRule = named('PolicyRule', P.addRule.response[200]);
export const PolicyRulePage = named('PolicyRulePage', P.listRules.response[200]);
export const RemovedPolicyRule = named('RemovedPolicyRule', P.removeRule.response[200]);
// OptOutEntry (components-messaging.ts) is the same record: one entry whoever reads it.
export const AccountOptOutPage = named('AccountOptOutPage', P.adminList.response[200]);
export const AccountOptOutsAdded = named('AccountOptOutsAdded', P.adminAdd.response[200]);
export const AccountOptOutRemoved = named('AccountOptOutRemoved', P.adminRemove.response[200]);
