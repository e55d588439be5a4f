import { adminAccountDocs } from '../../features/admin/account-docs.ts';
import { demoDocs } from '../../features/admin/demo-docs.ts';
import { adminOpsDocs } from '../../features/admin/ops-docs.ts';
import { broadcastDocs } from '../../features/brandmessage/broadcast-docs.ts';
import { friendGroupDocs } from '../../features/brandmessage/friend-group-docs.ts';
import { brandTemplateDocs } from '../../features/brandmessage/template-docs.ts';
import { videoDocs } from '../../features/brandmessage/video-docs.ts';
import { consoleDocs } from '../../features/console/docs.ts';
import { debuggerDocs } from '../../features/debugger/docs.ts';
import { fileDocs } from '../../features/files/docs.ts';
import { fileServeDocs } from '../../features/files/serve-docs.ts';
import { infomsgDocs } from '../../features/infomsg/docs.ts';
import { moDocs } from '../../features/mo/docs.ts';
import { policyAdminDocs } from '../../features/policy/admin-docs.ts';
import { policyDocs } from '../../features/policy/docs.ts';
import { rcsDocs } from '../../features/rcs/docs.ts';
import { reportDocs } from '../../features/reports/docs.ts';
import { reservationDocs } from '../../features/reservations/docs.ts';
import { sandboxDocs } from '../../features/sandbox/docs.ts';
import { sendDocs } from '../../features/send/docs.ts';
import { systemDocs } from '../../features/system/docs.ts';
import { twofaDocs } from '../../features/twofa/docs.ts';
import type { RouteDocs } from './operation-doc.ts';

/*
 * Loaded when /docs is first asked for (src/app.ts): every operation's description and examples.
 * Each feature keeps its operations' documentation in its own docs.ts, by the operationId its
 * routes name; this module only gathers them.
 */

/** Every feature's operations, by operationId. */
export const routeDocs: RouteDocs = {
  ...sendDocs,
  ...reservationDocs,
  ...reportDocs,
  ...moDocs,
  ...policyDocs,
  ...twofaDocs,
  ...fileDocs,
  ...brandTemplateDocs,
  ...friendGroupDocs,
  ...videoDocs,
  ...broadcastDocs,
  ...infomsgDocs,
  ...rcsDocs,
  ...consoleDocs,
  ...adminAccountDocs,
  ...adminOpsDocs,
  ...demoDocs,
  ...debuggerDocs,
  ...policyAdminDocs,
  ...sandboxDocs,
  ...systemDocs,
  ...fileServeDocs,
};
